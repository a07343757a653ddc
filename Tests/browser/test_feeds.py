"""Every conversation's Atom feed is well-formed XML with what RFC 4287 requires, and each entry links to its
message on the conversation's pages (relative to the feed, so it works under any path prefix)."""

from __future__ import annotations

import urllib.parse
import xml.etree.ElementTree as ElementTree

import browser_support as support

ATOM = "{http://www.w3.org/2005/Atom}"


def test_feeds_are_valid_atom_and_link_to_their_messages(site):
    feeds = sorted(site.root.glob("c/*/feed.xml"))
    assert len(feeds) == len(list(site.root.glob("c/*/index.html"))), "a conversation without a feed"
    for feed in feeds:
        where = site.relative(feed)
        root = ElementTree.parse(feed).getroot()
        assert root.tag == ATOM + "feed", where
        for required in ["id", "title", "updated", "author"]:
            assert root.find(ATOM + required) is not None, f"{where}: no <{required}>"
        entries = root.findall(ATOM + "entry")
        assert entries, f"{where}: no entries"
        for entry in entries:
            for required in ["id", "title", "updated", "published", "content", "link"]:
                assert entry.find(ATOM + required) is not None, f"{where}: an entry without <{required}>"
            href = entry.find(ATOM + "link").get("href")
            split = urllib.parse.urlsplit(href)
            assert not split.scheme and not href.startswith("/"), f"{where}: {href} is not relative"
            page = support.resolve_local(feed, href)
            assert page is not None and page.is_file(), f"{where}: {href} names no page"
            anchor = urllib.parse.unquote(split.fragment)
            assert anchor in support.parse_page(page).ids, f"{where}: {href}: no message {anchor} on the page"
        ids = [entry.find(ATOM + "id").text for entry in entries]
        assert len(set(ids)) == len(ids), f"{where}: entry ids repeat"
