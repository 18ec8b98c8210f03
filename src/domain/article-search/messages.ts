/** Messages of the article search filters, word for word from spec 000 §5. */
export const articleSearchMessages = {
  invalidDate: 'Must be a valid date in format YYYY/MM/DD',
  dateRequiredWithTime: 'Date can not be empty when time is provided',
} as const;
