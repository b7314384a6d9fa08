"""Compile the manager's translations (``locale/*/LC_MESSAGES/django.po`` -> ``.mo``) without GNU gettext.

``python -m swisspair_web.i18n`` rewrites every ``.mo``; ``--check`` exits 1
when one is missing or out of date (the tests run it). Fuzzy and untranslated
entries are left out, as ``msgfmt`` does.
"""

from __future__ import annotations

import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"


@dataclass
class Entry:
    msgid: str = ""
    plural: str | None = None
    context: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False

    @property
    def key(self) -> str:
        key = self.msgid if self.plural is None else f"{self.msgid}\0{self.plural}"
        return key if self.context is None else f"{self.context}\x04{key}"

    @property
    def value(self) -> str:
        return "\0".join(self.msgstr[i] for i in sorted(self.msgstr))

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr.values()) and not self.fuzzy


_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")


def parse_po(text: str) -> list[Entry]:
    """The entries of a ``.po`` file (obsolete ``#~`` entries are ignored)."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int] | None = None
    started = False

    def finish() -> None:
        nonlocal entry, started
        if started:
            entries.append(entry)
        entry, started = Entry(), False

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            finish()
            target = None
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if started:
                    finish()
                entry.fuzzy = True
            continue
        match = _KEYWORD.match(line)
        if match:
            keyword, index, literal = match.groups()
            if keyword in ("msgctxt", "msgid") and started and (entry.msgstr or keyword == "msgctxt"):
                fuzzy = False
                finish()
                entry.fuzzy = fuzzy
            started = True
            value = ast.literal_eval(literal)
            if keyword == "msgctxt":
                entry.context, target = value, ("ctx", 0)
            elif keyword == "msgid":
                entry.msgid, target = value, ("id", 0)
            elif keyword == "msgid_plural":
                entry.plural, target = value, ("plural", 0)
            else:
                slot = int(index) if index is not None else 0
                entry.msgstr[slot], target = value, ("str", slot)
            continue
        if line.startswith('"') and target is not None:
            value = ast.literal_eval(line)
            kind, slot = target
            if kind == "ctx":
                entry.context = (entry.context or "") + value
            elif kind == "id":
                entry.msgid += value
            elif kind == "plural":
                entry.plural = (entry.plural or "") + value
            else:
                entry.msgstr[slot] += value
            continue
        raise ValueError(f"line {number}: cannot parse {raw!r}")
    finish()
    return entries


def mo_bytes(entries: list[Entry]) -> bytes:
    """A GNU ``.mo`` catalogue (little endian, no hash table)."""
    pairs = sorted((e.key.encode(), e.value.encode()) for e in entries if e.translated or e.key == "")
    count = len(pairs)
    keys_start = 7 * 4
    values_start = keys_start + count * 8
    data_start = values_start + count * 8
    key_table, value_table, blob = [], [], b""
    for key, _ in pairs:
        key_table.append((len(key), data_start + len(blob)))
        blob += key + b"\0"
    for _, value in pairs:
        value_table.append((len(value), data_start + len(blob)))
        blob += value + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, keys_start, values_start, 0, data_start)
    tables = b"".join(struct.pack("<2I", *item) for item in key_table + value_table)
    return header + tables + blob


def compile_all(check: bool = False, locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Write (or with ``check``, list the out-of-date) ``.mo`` files."""
    stale = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        data = mo_bytes(parse_po(po.read_text(encoding="utf-8")))
        if mo.exists() and mo.read_bytes() == data:
            continue
        stale.append(mo)
        if not check:
            mo.write_bytes(data)
    return stale


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    stale = compile_all(check=check)
    for path in stale:
        print(f"{'out of date' if check else 'wrote'}: {path}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
