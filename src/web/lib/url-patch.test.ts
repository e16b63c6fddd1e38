import { beforeEach, describe, expect, it } from 'vitest';
import { nextSearch, searchRendered } from './url-patch';

describe('query-string changes asked for before the router renders them', () => {
  beforeEach(() => searchRendered());

  it("a second hook builds on the first one's change, not on the URL it last rendered", () => {
    // "Editar" asks for the form tab; the search box's debounce fires before the router renders it,
    // from a hook that still holds the list's URL ('')
    expect(nextSearch('', { tab: 'novo', id: 'c1' })).toBe('tab=novo&id=c1');
    expect(nextSearch('', { q: 'Cliente LGPD', page: null })).toBe('tab=novo&id=c1&q=Cliente+LGPD');
  });

  it('once the new location is on screen, changes start from it', () => {
    expect(nextSearch('q=a', { page: 2 })).toBe('q=a&page=2');
    searchRendered();
    // a link elsewhere went to another list: its URL is the base now
    expect(nextSearch('status=aberta', { page: 3 })).toBe('status=aberta&page=3');
  });

  it('empty values remove their parameter; asking for what is already asked is no new entry', () => {
    expect(nextSearch('q=a&page=2', { q: '', page: null, sort: undefined })).toBe('');
    searchRendered();
    expect(nextSearch('tab=novo', { tab: 'novo' })).toBeNull();
    expect(nextSearch('', { tab: 'calculo' })).toBe('tab=calculo');
    expect(nextSearch('', { tab: 'calculo' })).toBeNull();
  });
});
