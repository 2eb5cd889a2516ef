import { useMatches, useRouteLoaderData } from 'react-router';
import { OWN_SHARE_IMAGE, shareImageTags, SITE_SHARE_IMAGE } from '../lib/seo.ts';

/**
 * The site's share card in the head of every page (storefront, account pages, back office, error pages) whose
 * route does not name a picture of its own, so any shared link previews with the brand rather than with nothing.
 * The layout adds it because a route's meta replaces its parents' rather than adding to them.
 */
export function SiteShareImage() {
  const matches = useMatches();
  const origin = (useRouteLoaderData('root') as { origin?: string } | undefined)?.origin ?? '';
  if (matches.some((match) => (match.handle as Partial<typeof OWN_SHARE_IMAGE> | undefined)?.shareImage === OWN_SHARE_IMAGE.shareImage)) return null;
  return (
    <>
      {shareImageTags(SITE_SHARE_IMAGE, origin).map((tag) => (
        <meta key={tag.property ?? tag.name} property={tag.property} name={tag.name} content={tag.content} />
      ))}
    </>
  );
}
