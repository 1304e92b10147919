import { isRouteErrorResponse, useLoaderData, useRouteError } from 'react-router';
import { useT } from '../../i18n/index.js';

export default function ArticlePage() {
  const { article } = useLoaderData();
  return (
    <article className="mx-auto max-w-3xl pt-6">
      <h1 className="text-2xl font-semibold" data-testid="article-title">
        {article.title}
      </h1>
      {/* longText is sanitised by the BFF like product details. */}
      <div
        className="rich-text mt-6"
        data-testid="article-body"
        dangerouslySetInnerHTML={{ __html: article.longText || '' }}
      />
    </article>
  );
}

/** A missing article says so in the spec's words (still with status 404); other errors show `otherwise`. */
export function ArticleError({ otherwise }) {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <p className="py-20 text-center text-gray-600" data-testid="article-not-found">
        {t('article.notFound')}
      </p>
    );
  }
  return otherwise;
}
