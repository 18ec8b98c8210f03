import { useEffect } from 'react';
import type { Lookups } from '@/domain/lookups';
import { Modal } from '@/ui/modal';
import { SelectField, type SelectOption } from '@/ui/select-field';
import { TextField } from '@/ui/text-field';
import { ArticleSourcePicker } from './article-source-picker';
import {
  cancelAddArticle,
  chooseArticleSource,
  lookUpSource,
  resetAddArticle,
  setAddArticleValue,
  submitAddArticle,
  useAddArticle,
} from './add-article-store';

/** Wait after the last keystroke in the URL before looking its source up. */
const lookupDelayMs = 500;

const named = (items: readonly { id: number; displayName: string }[]): SelectOption[] =>
  items.map((item) => ({ value: item.id, label: item.displayName }));

/** The add-article form on the shared modal (spec 000 §2 "Add-article form"). */
export function AddArticleForm({ lookups }: { readonly lookups: Lookups }) {
  const { open, values, errors, sourceLookup, pickedSource, submitting } = useAddArticle();
  const url = values.originalSourceURL;

  // The source lookup runs once the analyst has stopped typing a URL (and on blur).
  useEffect(() => {
    if (!open || url.trim() === '') return undefined;
    const timer = setTimeout(() => void lookUpSource(), lookupDelayMs);
    return () => clearTimeout(timer);
  }, [open, url]);

  // Source options appear only after a URL is provided; a failed lookup disables them.
  const hasUrl = url.trim() !== '';
  const sourceDisabled = !hasUrl || sourceLookup === 'failed' || sourceLookup === 'pending';
  const sourceOptions = (options: SelectOption[]) => (hasUrl ? options : []);
  const groups = lookups.dataSourceGroups.filter(
    (group) => values.sourceCategory === null || group.categoryId === values.sourceCategory,
  );
  const sourceHint =
    sourceLookup === 'failed'
      ? 'No source is registered for this URL; find the source by name.'
      : sourceLookup === 'pending'
        ? 'Looking up the source…'
        : hasUrl
          ? undefined
          : 'Enter the article URL to choose its source.';

  return (
    <Modal
      open={open}
      title="Add an article"
      onClear={resetAddArticle}
      onCancel={cancelAddArticle}
      onSubmit={() => void submitAddArticle()}
      busy={submitting}
    >
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submitAddArticle();
        }}
      >
        <div className="sm:col-span-2">
          <TextField
            label="Article URL"
            type="url"
            autoFocus
            placeholder="https://"
            value={url}
            error={errors.originalSourceURL}
            onValueChange={(value) => setAddArticleValue('originalSourceURL', value)}
            onBlur={() => void lookUpSource()}
          />
        </div>
        <div className="sm:col-span-2">
          <ArticleSourcePicker
            value={pickedSource}
            onChange={chooseArticleSource}
            disabled={!hasUrl}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="Article title"
            value={values.title}
            error={errors.title}
            onValueChange={(value) => setAddArticleValue('title', value)}
          />
        </div>
        <SelectField
          label="Source category"
          value={values.sourceCategory}
          options={sourceOptions(named(lookups.dataSourceCategories))}
          disabled={sourceDisabled}
          error={errors.sourceCategory}
          onValueChange={(value) => setAddArticleValue('sourceCategory', value)}
        />
        <SelectField
          label="Source sub-category"
          value={values.sourceGroup}
          options={sourceOptions(named(groups))}
          disabled={sourceDisabled}
          error={errors.sourceGroup}
          onValueChange={(value) => setAddArticleValue('sourceGroup', value)}
        />
        <SelectField
          label="Source priority"
          value={values.sourcePriority}
          options={sourceOptions(named(lookups.dataSourcePriorities))}
          disabled={sourceDisabled}
          error={errors.sourcePriority}
          onValueChange={(value) => setAddArticleValue('sourcePriority', value)}
        />
        <SelectField
          label="Feed"
          value={values.feedId}
          options={lookups.feeds.map((feed) => ({ value: feed.id, label: feed.name }))}
          error={errors.feedId}
          onValueChange={(value) => setAddArticleValue('feedId', value)}
        />
        {sourceHint !== undefined && (
          <p className="text-xs text-slate-500 sm:col-span-2" role="status">
            {sourceHint}
          </p>
        )}
        {/* Enter in a text field submits, as in any form. */}
        <button type="submit" className="hidden" tabIndex={-1} aria-hidden="true" />
      </form>
    </Modal>
  );
}
