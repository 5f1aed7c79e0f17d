"""Limits on army-list files, checked before any expensive work (docs/limits.md)."""

from __future__ import annotations

MAX_LIST_BYTES = 1_000_000
"""Size of a list file as read (a 4,500-point BattleScribe roster is ~100-300 KB)."""
MAX_UNZIPPED_BYTES = 4_000_000
"""Uncompressed size of the roster inside a ``.rosz`` (a zip bomb stops here)."""
MAX_ZIP_MEMBERS = 8
"""Members of a ``.rosz`` archive (BattleScribe writes one)."""
MAX_ENTRIES = 200
"""Entries of one list (a big army has ~40 units with their characters)."""
MAX_XML_ELEMENTS = 100_000
"""Elements of a roster's XML (a big roster has ~10,000)."""
MAX_NESTING = 32
"""Nesting of a list's JSON or XML (a roster needs ~12)."""
MAX_NAME = 80
"""Characters of an entry's name (longer names are cut, as the scenario's unit names are)."""
