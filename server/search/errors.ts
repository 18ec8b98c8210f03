/**
 * A bad search request: answered 400 in Azure's error shape,
 * `{"error":{"code":"","message":"Invalid expression: … \r\nParameter name: $filter"}}`.
 */
export class SearchRequestError extends Error {
  override readonly name = 'SearchRequestError';
  constructor(
    message: string,
    /** The request parameter at fault ($filter, search, $orderby…), named as Azure does. */
    readonly parameter?: string,
    readonly status: 400 | 403 | 404 = 400,
  ) {
    super(message);
  }

  /** Azure's error body. */
  toAzureBody(): { error: { code: string; message: string } } {
    const suffix = this.parameter === undefined ? '' : `\r\nParameter name: ${this.parameter}`;
    return { error: { code: '', message: `${this.message}${suffix}` } };
  }
}
