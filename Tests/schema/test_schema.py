"""The JSON Schemas in docs/schema accept every example and demo conversation, and refuse broken ones."""
import json
import pathlib

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "docs" / "schema"
NAMES = ["conversation.schema.json", "conversation-header.schema.json", "message.schema.json"]


@pytest.fixture(scope="module")
def validators():
    schemas = {name: json.loads((SCHEMAS / name).read_text()) for name in NAMES}
    registry = Registry().with_resources((name, Resource.from_contents(schema)) for name, schema in schemas.items())
    return {name: Draft202012Validator({"$ref": name}, registry=registry) for name in NAMES}


def errors_in(validators, path):
    """Every schema error in a .json or .jsonl file, as 'line/path: message' strings."""
    text = path.read_text(encoding="utf-8-sig")
    found = []
    if path.suffix == ".jsonl":
        lines = text.split("\n")
        first = next(i for i, line in enumerate(lines) if line.strip())
        checks = [("conversation-header.schema.json", json.loads(lines[first]), first + 1)]
        checks += [("message.schema.json", json.loads(lines[i]), i + 1) for i in range(first + 1, len(lines)) if lines[i].strip()]
    else:
        checks = [("conversation.schema.json", json.loads(text), 1)]
    for name, instance, line in checks:
        for error in validators[name].iter_errors(instance):
            found.append(f"{path.name}:{line}: {list(error.absolute_path)}: {error.message}")
    return found


FILES = sorted((ROOT / "docs" / "examples").glob("*.json*")) + sorted((ROOT / "Site" / "conversations").glob("*.json*"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_examples_and_demo_conversations_are_valid(validators, path):
    assert errors_in(validators, path) == []


def test_there_are_examples_to_check():
    assert len(FILES) >= 5


@pytest.mark.parametrize("message", [
    {"id": "1", "date": "2024-05-03T09:30:00Z", "text": "x", "colour": "red"},
    {"id": "1", "date": "2024-05-03T09:30:00Z", "type": "photo", "photo": {"file": 3}},
    {"date": "2024-05-03T09:30:00Z", "text": "x"},
    {"id": "1", "date": "2024-05-03T09:30:00Z", "type": "poll", "poll": {"question": "Q"}},
    {"id": "1", "date": "2024-05-03T09:30:00Z", "text": "x", "status": "lost"},
    {"id": "1", "date": "2024-05-03T09:30:00Z", "type": "system", "system": {"text": "x", "subjects": "bo"}},
    {"id": "1", "date": "2024-05-03T09:30:00Z", "type": "system", "system": {"text": "x", "actor": ""}},
    {"id": "1", "date": "2024-05-03T09:30:00Z", "type": "system", "system": {"text": "x", "title": 3}},
    {"id": "1", "date": "2024-05-03T09:30:00Z", "type": "system", "system": {"text": "x", "event": "kick"}},
    {"id": "1", "date": 1e300, "text": "x"},
    {"id": "1", "date": "2024-05-03T09:30:00Z", "edited": -1e15, "text": "x"},
])
def test_the_schema_refuses_what_the_reader_refuses(validators, message):
    assert list(validators["message.schema.json"].iter_errors(message)) != []


def test_unknown_types_stay_valid(validators):
    message = {"id": "1", "date": "2024-05-03T09:30:00Z", "type": "hologram", "depth": 3}
    assert list(validators["message.schema.json"].iter_errors(message)) == []


def test_a_described_event_is_valid(validators):
    message = {"id": "9", "date": "2024-05-03T09:42:00+02:00", "type": "system",
               "system": {"event": "join", "text": "Alice added Dana", "actor": "alice", "subjects": ["dana", 7], "title": None}}
    assert list(validators["message.schema.json"].iter_errors(message)) == []


@pytest.mark.parametrize("system", [
    {"event": "topic", "text": "Alice changed the topic to \"Lunch\"", "actor": "alice", "title": "Lunch"},
    {"event": "topic", "text": "Alice removed the topic", "actor": "alice"},
    {"event": "purpose", "text": "Alice set the channel purpose: plans", "actor": "alice", "title": "plans"},
    {"event": "invite", "text": "Alice invited Dana", "actor": "alice", "subjects": ["dana"]},
    {"event": "ban", "text": "Alice banned Eve: spam", "actor": "alice", "subjects": ["Eve"], "title": "spam"},
    {"event": "leave", "text": "Alice removed Bo: spam", "actor": "alice", "subjects": ["bo"], "title": "spam"},
])
def test_topic_purpose_invite_and_ban_events_are_valid(validators, system):
    message = {"id": "9", "date": "2024-05-03T09:42:00+02:00", "type": "system", "system": system}
    assert list(validators["message.schema.json"].iter_errors(message)) == []


@pytest.mark.parametrize("system", [
    {"event": "unban", "text": "ann unbanned eve", "actor": "ann", "subjects": ["eve"]},
    {"event": "knock", "text": "Cy asked to join", "actor": "cy"},
    {"event": "uninvite", "text": "Cy rejected the invitation", "actor": "cy"},
    {"event": "uninvite", "text": "ann withdrew Dana's invitation", "actor": "ann", "subjects": ["Dana"]},
    {"event": "profile", "text": "Bob changed their name to Robert", "actor": "bob", "title": "Robert", "previous": "Bob"},
    {"event": "profile", "text": "Robert removed their display name", "actor": "bob", "previous": "Robert"},
    {"event": "profile", "text": "Bob changed their profile", "actor": "bob", "previous": None},
    {"event": "photo", "text": "Ann changed the group photo", "actor": "ann"},
    {"event": "photoRemoved", "text": "Ann removed the group photo", "actor": "ann"},
    {"event": "archive", "text": "Ann archived the channel", "actor": "ann"},
    {"event": "unarchive", "text": "Ann un-archived the channel", "actor": "ann"},
    {"event": "callMissed", "text": "Ann called · missed", "actor": "ann"},
    {"event": "callEnded", "text": "ann ended the call", "actor": "ann"},
    {"event": "timer", "text": "Ann: set messages ttl", "actor": "ann", "title": "86400"},
    {"event": "upgrade", "text": "Ann: migrate to supergroup", "actor": "ann"},
    {"event": "madePrivate", "text": "Ann made this channel private", "actor": "ann"},
    {"event": "botAdded", "text": "Ann added an integration", "actor": "ann"},
    {"event": "permissions", "text": "Ann changed posting permissions", "actor": "ann"},
    {"event": "boost", "text": "Ann: GuildBoostTier2", "actor": "ann", "title": "2"},
    {"event": "follow", "text": "Ann: ChannelFollowAdd", "actor": "ann"},
    {"event": "unpin", "text": "Ann unpinned a message", "actor": "ann"},
    {"event": "threadStarter", "text": "Thread started from Ann’s message", "actor": "ann"},
    {"event": "other", "text": "Someone: boost apply", "title": "boost_apply"},
])
def test_profile_photo_archive_and_membership_events_are_valid(validators, system):
    message = {"id": "9", "date": "2024-05-03T09:42:00+02:00", "type": "system", "system": system}
    assert list(validators["message.schema.json"].iter_errors(message)) == []


def test_a_previous_name_must_be_text(validators):
    message = {"id": "9", "date": "2024-05-03T09:42:00+02:00", "type": "system",
               "system": {"event": "profile", "text": "x", "actor": "bob", "previous": 3}}
    assert list(validators["message.schema.json"].iter_errors(message)) != []
