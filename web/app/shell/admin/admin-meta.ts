/** Every admin page's title in one format ("Orders · Ascent admin"), and kept out of search engines. */
export function adminMeta(page?: string) {
  return [
    { title: page ? `${page} · Ascent admin` : 'Ascent admin' },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}
