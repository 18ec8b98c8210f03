/** User Timing mark of a case recompute sent to the worker (the bench times it to the paint). */
export const recomputeMark = 'activity-details:recompute';
