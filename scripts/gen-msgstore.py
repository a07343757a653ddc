#!/usr/bin/env python3
"""A synthetic WhatsApp for Android database of N messages, for benchmarking `transcripts build`.

    scripts/gen-msgstore.py N [--seed 1] [--out DIR]

Writes DIR/msgstore.db (the current layout: jid, chat, message, message_media, message_quoted,
message_location, message_vcard, message_system, message_add_on and message_add_on_reaction, with the columns
docs/formats/whatsapp-databases.md names) and DIR/wa.db (wa_contacts), as WhatsApp for Android keeps them
decrypted. N may be written 10_000 / 100k / 1M; the default DIR is msgstore-n<N> in the current folder.

The messages: 40 chats (8 groups of 3 to 30 of the 60 people, 32 direct chats), their sizes skewed so that a
few chats hold most messages, over three years in bursts; about 84 % text (some long, some with emoji and
non-Latin scripts), 5 % photos, 2 % voice messages, 1 % videos, 1 % documents, 1 % stickers (media not
downloaded: no file_path, as on a phone that kept only thumbnails), 0.5 % locations, 0.5 % contact cards, 1 %
deleted, group events, replies to recent messages (6 %) and reactions (5 %). Only the standard library is used;
the same N and seed give the same databases.
"""

import argparse
import os
import random
import sqlite3

SCHEMA = """
CREATE TABLE jid (_id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, server TEXT NOT NULL, agent INTEGER,
    device INTEGER, type INTEGER, raw_string TEXT);
CREATE TABLE chat (_id INTEGER PRIMARY KEY AUTOINCREMENT, jid_row_id INTEGER UNIQUE, hidden INTEGER, subject TEXT,
    created_timestamp INTEGER, sort_timestamp INTEGER);
CREATE TABLE message (_id INTEGER PRIMARY KEY AUTOINCREMENT, chat_row_id INTEGER NOT NULL, from_me INTEGER NOT NULL,
    key_id TEXT NOT NULL, sender_jid_row_id INTEGER, status INTEGER, broadcast INTEGER, timestamp INTEGER,
    received_timestamp INTEGER, message_type INTEGER, text_data TEXT, starred INTEGER, sort_id INTEGER NOT NULL DEFAULT 0);
CREATE INDEX message_chat_index ON message (chat_row_id, sort_id);
CREATE TABLE message_media (message_row_id INTEGER PRIMARY KEY, chat_row_id INTEGER, file_path TEXT, file_size INTEGER,
    message_url TEXT, mime_type TEXT, media_key BLOB, media_name TEXT, file_hash TEXT, media_duration INTEGER, width INTEGER,
    height INTEGER);
CREATE TABLE message_quoted (message_row_id INTEGER PRIMARY KEY, chat_row_id INTEGER, from_me INTEGER,
    sender_jid_row_id INTEGER, key_id TEXT, timestamp INTEGER, message_type INTEGER, text_data TEXT);
CREATE TABLE message_location (message_row_id INTEGER PRIMARY KEY, chat_row_id INTEGER, latitude REAL, longitude REAL,
    place_name TEXT, place_address TEXT, url TEXT);
CREATE TABLE message_vcard (_id INTEGER PRIMARY KEY AUTOINCREMENT, message_row_id INTEGER, vcard TEXT);
CREATE TABLE message_system (message_row_id INTEGER PRIMARY KEY, action_type INTEGER NOT NULL);
CREATE TABLE message_add_on (_id INTEGER PRIMARY KEY AUTOINCREMENT, chat_row_id INTEGER NOT NULL, from_me INTEGER NOT NULL,
    key_id TEXT NOT NULL, sender_jid_row_id INTEGER, parent_message_row_id INTEGER, timestamp INTEGER, status INTEGER,
    message_add_on_type INTEGER);
CREATE INDEX message_add_on_chat_index ON message_add_on (chat_row_id);
CREATE TABLE message_add_on_reaction (message_add_on_row_id INTEGER PRIMARY KEY, reaction TEXT, sender_timestamp INTEGER);
-- Tables the current schema has and this generator leaves empty (the peer of scripts/bench-scale.sh,
-- WhatsApp-Chat-Exporter, joins them).
CREATE TABLE message_thumbnail (message_row_id INTEGER PRIMARY KEY, thumbnail BLOB);
CREATE TABLE message_future (message_row_id INTEGER PRIMARY KEY, version INTEGER, data BLOB);
CREATE TABLE missed_call_logs (_id INTEGER PRIMARY KEY AUTOINCREMENT, message_row_id INTEGER, timestamp INTEGER,
    video_call INTEGER, group_call_row_id INTEGER);
CREATE TABLE message_system_group (message_row_id INTEGER PRIMARY KEY, is_me_joined INTEGER);
CREATE TABLE message_system_number_change (message_row_id INTEGER PRIMARY KEY, old_jid_row_id INTEGER,
    new_jid_row_id INTEGER);
CREATE TABLE receipt_user (_id INTEGER PRIMARY KEY AUTOINCREMENT, message_row_id INTEGER NOT NULL,
    receiver_jid_row_id INTEGER NOT NULL, receipt_timestamp INTEGER, read_timestamp INTEGER, played_timestamp INTEGER);
CREATE TABLE call_log (_id INTEGER PRIMARY KEY AUTOINCREMENT, jid_row_id INTEGER, from_me INTEGER, call_id TEXT,
    transaction_id INTEGER, timestamp INTEGER, video_call INTEGER, duration INTEGER, call_result INTEGER,
    bytes_transferred INTEGER, group_call_row_id INTEGER, is_joinable_group_call INTEGER, call_creator_device_jid_row_id INTEGER,
    call_random_id TEXT);
CREATE TABLE media_hash_thumbnail (media_hash TEXT PRIMARY KEY, thumbnail BLOB);
CREATE TABLE jid_map (lid_row_id INTEGER PRIMARY KEY, jid_row_id INTEGER, sort_id INTEGER);
"""

WA_SCHEMA = """
CREATE TABLE wa_contacts (_id INTEGER PRIMARY KEY AUTOINCREMENT, jid TEXT NOT NULL, is_whatsapp_user BOOLEAN,
    status TEXT, number TEXT, raw_contact_id INTEGER, display_name TEXT, given_name TEXT, family_name TEXT, wa_name TEXT);
"""

FIRST = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea", "Mo", "Nia", "Otto",
         "Pia", "Quin", "Rui", "Sara", "Tom", "Uma", "Vik", "Wen", "Xia", "Yusuf", "Zoe", "Ali", "Björn", "Chloé", "Dmitri"]
LAST = ["Berg", "Costa", "Dee", "Evans", "Fox", "Garcia", "Hill", "Ito", "Jung", "Kowalski"]
WORDS = ("the a to and of in is it you that we for on are with this be at have not was but what so can just "
         "tomorrow tonight dinner train late meeting photo coffee weekend ok yes no maybe soon home work call "
         "later thanks great sure lunch plan idea trip beach rain sun bus ticket movie book game party").split()
SCRIPTS = ["Привет, как дела?", "今日は雨ですね", "مرحبا كيف حالك", "Γειά σου", "שלום לכולם", "नमस्ते दोस्तों"]
EMOJI = ["😂", "❤️", "👍", "🎉", "🙏", "😅", "🔥", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👍🏽"]


def count(text: str) -> int:
    text = text.lower().replace("_", "")
    factor = 1000 if text.endswith("k") else 1_000_000 if text.endswith("m") else 1
    return int(text.rstrip("km")) * factor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out")
    args = parser.parse_args()
    n = count(args.n)
    out = args.out or f"msgstore-n{n}"
    os.makedirs(out, exist_ok=True)
    rng = random.Random(args.seed)
    for name in ("msgstore.db", "wa.db"):
        path = os.path.join(out, name)
        if os.path.exists(path):
            os.remove(path)

    people = [f"49151{index:08d}@s.whatsapp.net" for index in range(60)]
    db = sqlite3.connect(os.path.join(out, "msgstore.db"))
    db.executescript(SCHEMA)
    jid_rows = {}
    for jid in people:
        user, server = jid.split("@")
        jid_rows[jid] = db.execute("INSERT INTO jid (user, server, type, raw_string) VALUES (?, ?, 0, ?)", (user, server, jid)).lastrowid
    chats = []  # (chat _id, members, is group)
    for index in range(40):
        if index < 8:
            jid = f"1203630000000000{index:02d}@g.us"
            members = rng.sample(people, rng.randint(3, 30))
            subject = f"{rng.choice(WORDS).title()} {rng.choice(WORDS)} group {index}"
        else:
            jid = people[index]
            members = [jid]
            subject = None
        user, server = jid.split("@")
        row = db.execute("INSERT INTO jid (user, server, type, raw_string) VALUES (?, ?, ?, ?)", (user, server, 1 if index < 8 else 0, jid)).lastrowid
        chat = db.execute("INSERT INTO chat (jid_row_id, hidden, subject) VALUES (?, 0, ?)", (row, subject)).lastrowid
        chats.append((chat, members, index < 8))
    # Sizes skewed: a few chats hold most messages.
    weights = [1.0 / (rank + 1) ** 1.1 for rank in range(len(chats))]
    total = sum(weights)
    sizes = [max(1, int(n * weight / total)) for weight in weights]
    sizes[0] += n - sum(sizes)

    start = 1_609_459_200_000  # 2021-01-01 in milliseconds
    span = 3 * 365 * 86_400_000
    key = 0
    for (chat, members, is_group), size in zip(chats, sizes):
        times = sorted(start + int(rng.random() ** 1.3 * span) for _ in range(size))
        recent = []
        for timestamp in times:
            key += 1
            from_me = rng.random() < 0.35
            sender = 0 if from_me or not is_group else jid_rows[rng.choice(members)]
            roll = rng.random()
            kind, text = 0, None
            if roll < 0.84:
                length = rng.choice([3, 5, 8, 12, 20, 40]) if rng.random() < 0.97 else 150
                text = " ".join(rng.choice(WORDS) for _ in range(length)).capitalize()
                if rng.random() < 0.1:
                    text += " " + rng.choice(EMOJI)
                if rng.random() < 0.03:
                    text = rng.choice(SCRIPTS)
            elif roll < 0.89:
                kind = 1
                text = "Look at this" if rng.random() < 0.3 else None
            elif roll < 0.91:
                kind = 2
            elif roll < 0.92:
                kind = 3
            elif roll < 0.93:
                kind = 9
            elif roll < 0.94:
                kind = 20
            elif roll < 0.945:
                kind = 5
            elif roll < 0.95:
                kind, text = 4, rng.choice(FIRST) + " " + rng.choice(LAST)
            elif roll < 0.96:
                kind = 15
            elif is_group and roll < 0.965:
                kind = 7
            else:
                text = rng.choice(WORDS).capitalize() + "!"
            row = db.execute(
                "INSERT INTO message (chat_row_id, from_me, key_id, sender_jid_row_id, status, timestamp, message_type, text_data, sort_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (chat, int(from_me), f"3EB0{key:016X}", sender, 6 if kind == 7 else (13 if from_me else 0), timestamp, kind, text, key),
            ).lastrowid
            if kind in (1, 2, 3, 9, 20):
                mime = {1: "image/jpeg", 2: "audio/ogg; codecs=opus", 3: "video/mp4", 9: "application/pdf", 20: "image/webp"}[kind]
                name = f"document-{key}.pdf" if kind == 9 else None
                db.execute("INSERT INTO message_media (message_row_id, chat_row_id, file_path, mime_type, media_name, file_size, media_duration) VALUES (?, ?, NULL, ?, ?, ?, ?)",
                           (row, chat, mime, name, rng.randint(10_000, 5_000_000), rng.randint(1, 120) if kind in (2, 3) else 0))
            elif kind == 5:
                db.execute("INSERT INTO message_location (message_row_id, chat_row_id, latitude, longitude, place_name) VALUES (?, ?, ?, ?, ?)",
                           (row, chat, rng.uniform(-60, 70), rng.uniform(-180, 180), rng.choice([None, "Café", "Station"])))
            elif kind == 4:
                db.execute("INSERT INTO message_vcard (message_row_id, vcard) VALUES (?, ?)",
                           (row, f"BEGIN:VCARD\nVERSION:3.0\nFN:{text}\nTEL;type=CELL:+49 151 {key:08d}\nEND:VCARD"))
            elif kind == 7:
                db.execute("INSERT INTO message_system (message_row_id, action_type) VALUES (?, ?)", (row, rng.choice([4, 5, 6, 1])))
            if recent and kind == 0 and rng.random() < 0.06:
                quoted_row, quoted_key = rng.choice(recent)
                db.execute("INSERT INTO message_quoted (message_row_id, chat_row_id, key_id) VALUES (?, ?, ?)", (row, chat, quoted_key))
            if kind != 7 and rng.random() < 0.05:
                reactor = 0 if rng.random() < 0.3 else jid_rows[rng.choice(members)]
                add_on = db.execute(
                    "INSERT INTO message_add_on (chat_row_id, from_me, key_id, sender_jid_row_id, parent_message_row_id, timestamp) VALUES (?, ?, ?, ?, ?, ?)",
                    (chat, int(reactor == 0), f"R{key:016X}", reactor, row, timestamp + 60_000)).lastrowid
                db.execute("INSERT INTO message_add_on_reaction (message_add_on_row_id, reaction) VALUES (?, ?)", (add_on, rng.choice(EMOJI)))
            recent.append((row, f"3EB0{key:016X}"))
            if len(recent) > 20:
                recent.pop(0)
    db.commit()
    db.close()

    wa = sqlite3.connect(os.path.join(out, "wa.db"))
    wa.executescript(WA_SCHEMA)
    for index, jid in enumerate(people):
        display = f"{FIRST[index % len(FIRST)]} {LAST[index // len(FIRST) % len(LAST)]}" if index % 4 else None
        wa.execute("INSERT INTO wa_contacts (jid, is_whatsapp_user, display_name, wa_name) VALUES (?, 1, ?, ?)",
                   (jid, display, FIRST[index % len(FIRST)]))
    wa.commit()
    wa.close()
    print(f"{out}: {n} messages in {len(chats)} chats")


if __name__ == "__main__":
    main()
