import { lazy, Suspense, useEffect } from 'react';
import { LoadingState } from '@/ui/loading-state';
import { NotFoundPage } from '@/app/not-found-page';
import { navigate } from '@/app/router';
import { defaultPath, type RouteMatch } from '@/app/routes';

// Feature screens are separate chunks: the first load carries only the shell.
const ActivityIndexScreen = lazy(() => import('@/features/activities/activity-index-screen'));
const activityDetailsCode = () => import('@/features/activities/details/activity-details-screen');
const ActivityDetailsScreen = lazy(activityDetailsCode);
const ArticleIndexScreen = lazy(() => import('@/features/articles/index/article-index-screen'));
const ArticleDetailsScreen = lazy(() => import('@/features/articles/article-details-screen'));
const FeedSourcesScreen = lazy(() => import('@/features/feeds/feed-sources-screen'));
const DiseaseInterestsScreen = lazy(() => import('@/features/settings/disease-interests-screen'));
// The map's code (d3-geo, topojson-client) and its world data load only with this screen.
const MapScreen = lazy(() => import('@/features/activities/map/map-screen'));

/** '/' is not a page: it redirects to the default page, replacing the history entry. */
function RedirectHome() {
  useEffect(() => navigate(defaultPath, { replace: true }), []);
  return null;
}

/** Renders the screen of a matched in-app route (the authentication routes are handled above). */
export function RouteView({
  match,
  pathname,
}: {
  readonly match: RouteMatch;
  readonly pathname: string;
}) {
  // The details screen's activity is asked for as the route is entered, beside the screen's
  // code, not once React shows the screen (issue 31: React holds a lazily loaded screen back up
  // to 300 ms after its loading fallback).
  const details = match.id === 'activityDetails' ? match.params : null;
  const activityParam = details?.diseaseActivityIdParam;
  const countryParam = details?.countryIdParam;
  useEffect(() => {
    if (activityParam === undefined || countryParam === undefined) return;
    void activityDetailsCode().then((code) =>
      code.preloadDetails({ diseaseActivityIdParam: activityParam, countryIdParam: countryParam }),
    );
  }, [activityParam, countryParam]);
  const screen = (() => {
    switch (match.id) {
      case 'home':
        return <RedirectHome />;
      case 'activityIndex':
        return <ActivityIndexScreen />;
      case 'activityDetails':
        return <ActivityDetailsScreen {...match.params} />;
      case 'articleIndex':
        return <ArticleIndexScreen />;
      case 'articleDetails':
        return <ArticleDetailsScreen {...match.params} />;
      case 'feedSources':
        return <FeedSourcesScreen />;
      case 'settings':
        return <DiseaseInterestsScreen />;
      case 'map':
        return <MapScreen />;
      case 'authentication':
      case 'notFound':
        return <NotFoundPage pathname={pathname} />;
    }
  })();
  return <Suspense fallback={<LoadingState label="Loading screen" />}>{screen}</Suspense>;
}
