/** /article/:articleIdParam — the route's lazy chunk; the screen lives in details/. */
export { default } from './details/article-details-screen';
export type { ArticleDetailsScreenProps } from './details/article-details-screen';
