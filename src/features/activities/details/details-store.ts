/**
 * The activity details store: one valtio proxy (`details-state.ts`) and its actions, one file
 * per concern. Screens, commands and tests import from here.
 */
export {
  detailsStore,
  useDetails,
  type DetailsState,
  type LocationHistory,
  type ValidationState,
} from './details-state';
export {
  activityKeyOfRoute,
  closeDetails,
  enterDetails,
  openDetails,
  preloadDetails,
} from './details-loading';
export {
  addLocation,
  collapseAllTables,
  collapseLocation,
  expandLocation,
  selectLocation,
  setEntriesSubTab,
  setLocationMode,
  setLocationText,
  setOrder,
  setPage,
  setTab,
  setView,
  toggleDailyTotal,
} from './details-view';
export { addEntry, editDraft, removeDraft, typeCase } from './details-editing';
export { caseInputDebounceMs, recomputeNow } from './case-recompute';
export { precheckDebounceMs, precheckNow } from './entries-precheck';
export {
  cancelPropagation,
  closeCommitDialog,
  confirmAllWarnings,
  confirmPropagation,
  openCommitDialog,
  saveOrCommit,
  setPropagation,
  toggleConfirmed,
  validate,
} from './details-commit';
export {
  cardHasError,
  cardMessages,
  hasHighWarnings,
  shownCardMessages,
  validationOutcome,
} from './validation-cards';
