"""The battle builder's setup form and its "Edit" list (issue 26).

:class:`EditorSetupScene` chooses a new battle's ruleset (from the registry), its board (a
table of W x H inches, or a hex map of cols x rows or of a radius), its name, its players with
their names and colours, and the ruleset's declared options (the round limit first); it also
changes the setup of a battle being built, each change one undo step of its document.
:class:`EditListScene` lists the battles the player built and the shipped scenarios to open
in the builder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import rulesets
from game.scenario.edit import (
    DEFAULT_COLOURS,
    BattleDoc,
    EditRefused,
    declared_options,
    parse_value,
)
from game.ui.editor_panels import ACCENT, BAD, DIM, TEXT, Hits, chips, text
from game.ui.scene import Scene
from game.ui.screens import ListScene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.editor_scene import EditorScene

BOARDS = (("table", "Table (inches)"), ("hexrect", "Hex map (cols x rows)"),
          ("hexradius", "Hex map (radius)"))
LABEL_W = 170
ENTRY_W = 220


class EditorSetupScene(Scene):
    """A new battle's setup, or the setup of the battle being built (``editor``)."""

    title = "Battle setup"

    def __init__(self, app: App, editor: EditorScene | None) -> None:
        super().__init__(app)
        self.editor = editor
        self.hits = Hits()
        self.entries: dict[str, Any] = {}
        self.error = ""
        doc = editor.doc if editor is not None else None
        self.form: dict[str, Any] = _form_of(doc) if doc is not None else {
            "ruleset": rulesets.names()[0], "board": "table", "name": "New battle",
            "orientation": "pointy",
            "size": ["48", "48"], "players": [("Player 1", DEFAULT_COLOURS[0]),
                                               ("Player 2", DEFAULT_COLOURS[1])],
            "options": {}}
        self._fit_board_to_ruleset()

    # --- widgets ---------------------------------------------------------------------------

    def layout(self) -> list[tuple[str, str, pygame.Rect, str]]:
        """Every row of the form: (entry key, label, entry rect, meaning). Players and
        options flow into two columns when there are many, so 8 players or a ruleset with
        a dozen options fit the window."""
        rows: list[tuple[str, str, pygame.Rect, str]] = []
        x, y = 40 + LABEL_W, 190
        rows.append(("name", "Battle name", pygame.Rect(x, y, 360, 30), ""))
        y += 40
        unit = {"table": "width x height (inches)", "hexrect": "cols x rows",
                "hexradius": "radius (hexes)"}[self.form["board"]]
        rows.append(("size0", unit, pygame.Rect(x, y, 80, 30), ""))
        if self.form["board"] != "hexradius":
            rows.append(("size1", "", pygame.Rect(x + 100, y, 80, 30), ""))
        y += 40
        seats = len(self.form["players"])
        per_column = 4 if seats > 4 else seats
        for i in range(seats):
            col, row = divmod(i, per_column)
            left = 40 + col * 600
            top = y + row * 34
            rows.append((f"player{i}", f"Player {i + 1}", pygame.Rect(left + 100, top, 180, 30),
                         ""))
            rows.append((f"colour{i}", "", pygame.Rect(left + 290, top, 90, 30), ""))
        y += per_column * 34 + 40
        specs = declared_options(self.form["ruleset"])
        per_column = (len(specs) + 1) // 2 if len(specs) > 6 else len(specs)
        for i, spec in enumerate(specs):
            col, row = divmod(i, max(1, per_column))
            left = 40 + col * 600
            rows.append((f"option:{spec.key}", spec.key,
                         pygame.Rect(left + 180, y + row * 34, 130, 30),
                         f"{spec.meaning} (default {_toml(spec.default)})"))
        return rows

    def enter(self) -> None:
        from pygame_gui.elements import UITextEntryLine

        self.entries = {}
        values = {"name": str(self.form["name"]), "size0": str(self.form["size"][0]),
                  "size1": str(self.form["size"][1])}
        for i, (name, colour) in enumerate(self.form["players"]):
            values[f"player{i}"], values[f"colour{i}"] = name, colour
        for key, value in self.form["options"].items():
            values[f"option:{key}"] = value or ""  # the text typed, as a file writes it
        for key, _, rect, _ in self.layout():
            line = UITextEntryLine(rect, self.app.manager)
            line.set_text(values.get(key, ""))
            self.entries[key] = line

    def leave(self) -> None:
        self.entries = {}

    def _rebuild(self, read: bool = True) -> None:
        """Keep what was typed (``read``), then build the widgets again (the form's shape
        changed)."""
        if read:
            self._read_entries()
        self.app.manager.clear_and_reset()
        self.enter()

    def _read_entries(self) -> None:
        e = self.entries
        if not e:
            return
        self.form["name"] = e["name"].get_text()
        self.form["size"] = [e["size0"].get_text(),
                             e["size1"].get_text() if "size1" in e else self.form["size"][1]]
        self.form["players"] = [(e[f"player{i}"].get_text(), e[f"colour{i}"].get_text())
                                for i in range(len(self.form["players"]))]
        for key, line in e.items():
            if key.startswith("option:"):
                self.form["options"][key.removeprefix("option:")] = line.get_text().strip() \
                    or None

    # --- choices ---------------------------------------------------------------------------

    def choose_ruleset(self, name: str) -> None:
        """A ruleset from the registry (its options replace the old one's)."""
        self._read_entries()
        self.form["ruleset"] = name
        self.form["options"] = {}
        self._fit_board_to_ruleset()
        self._rebuild(read=False)

    def _fit_board_to_ruleset(self) -> None:
        kinds = rulesets.entry(self.form["ruleset"]).cls.board_kinds
        wanted = "table" if self.form["board"] == "table" else "hex"
        if wanted not in kinds:
            self.choose_board_kind("table" if "table" in kinds else "hexrect", rebuild=False)

    def choose_board_kind(self, kind: str, rebuild: bool = True) -> None:
        """A table, or a hex map of cols x rows or of a radius."""
        if rebuild:
            self._read_entries()
        self.form["board"] = kind
        self.form["size"] = {"table": ["48", "48"], "hexrect": ["12", "10"],
                             "hexradius": ["5", ""]}[kind]
        if rebuild:
            self._rebuild(read=False)

    def choose_orientation(self, orientation: str) -> None:
        """A hex map's hexes pointy-top (in rows) or flat-top (in columns)."""
        self._read_entries()
        self.form["orientation"] = orientation
        self._rebuild(read=False)

    def set_player_count(self, count: int) -> None:
        """2 to 8 players (new seats get a name and a colour)."""
        self._read_entries()
        seats = list(self.form["players"][:count])
        while len(seats) < count:
            n = len(seats) + 1
            seats.append((f"Player {n}", DEFAULT_COLOURS[(n - 1) % len(DEFAULT_COLOURS)]))
        self.form["players"] = seats
        self._rebuild(read=False)

    # --- apply -----------------------------------------------------------------------------

    def apply(self) -> None:
        """Create the battle (or change the one being built) and open the builder."""
        from game.ui.editor_scene import EditorScene

        self._read_entries()
        try:
            board = self.board()
            options = {k: parse_value(v) for k, v in self.form["options"].items()
                       if v is not None}
            doc = self._applied(board, options)
        except EditRefused as exc:
            self.error = str(exc)
            return
        if self.editor is not None:
            self.editor.doc = doc
            self.app.switch(self.editor)
        else:
            self.app.switch(EditorScene(self.app, doc))

    def board(self) -> dict[str, Any]:
        """The board the form describes."""
        first, second = self.form["size"]
        try:
            if self.form["board"] == "table":
                return {"width": float(first), "height": float(second)}
            turn = {"orientation": self.form.get("orientation", "pointy")}
            if self.form["board"] == "hexradius":
                return {"radius": int(first), **turn}
            return {"cols": int(first), "rows": int(second), **turn}
        except ValueError:
            raise EditRefused("the board's size must be numbers (whole numbers for hexes)") \
                from None

    def _applied(self, board: dict[str, Any], options: dict[str, Any]) -> BattleDoc:
        players = [(n.strip(), c.strip()) for n, c in self.form["players"]]
        if self.editor is None:
            doc = BattleDoc.new(self.form["ruleset"], board, players, self.form["name"])
        else:
            doc = self.editor.doc
            if doc.ruleset_name != self.form["ruleset"]:
                doc.set_ruleset(self.form["ruleset"], board)
            if _board_of(doc) != board:
                doc.set_board(board)
            if [(p.get("name"), p.get("colour")) for p in doc.players] != players:
                doc.set_players(players)
            if doc.data["scenario"].get("name") != self.form["name"]:
                doc.set_meta(name=self.form["name"])
        for spec in declared_options(self.form["ruleset"]):
            if doc.options().get(spec.key) != options.get(spec.key):
                doc.set_option(spec.key, options.get(spec.key))
        return doc

    def cancel(self) -> None:
        """Back to the builder (or the menu) without changing anything."""
        from game.ui.screens import MenuScene

        if self.editor is not None:
            self.app.switch(self.editor)
        else:
            self.app.switch(MenuScene(self.app))

    # --- frame -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            action = self.hits.at(event.pos)
            if action is not None:
                action()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        self.hits.clear()
        surface.fill((24, 26, 30))
        fonts = self.app.fonts
        w, _ = surface.get_size()
        right = w - 40
        title = "New battle" if self.editor is None else "Battle setup"
        surface.blit(fonts.get(30, bold=True).render(title, True, TEXT), (40, 20))
        y = chips(surface, fonts, self.hits, 40 + LABEL_W, 74, right, [
            (e.cls.title, _call(self.choose_ruleset, e.name), e.name == self.form["ruleset"])
            for e in rulesets.RULESETS], prefix="ruleset ")
        text(surface, fonts, (40, 78), "Ruleset", DIM, 14)
        description = rulesets.entry(self.form["ruleset"]).cls.description
        text(surface, fonts, (40 + LABEL_W, y), description, DIM, 12, width=right - 40 - LABEL_W)
        kinds = rulesets.entry(self.form["ruleset"]).cls.board_kinds
        text(surface, fonts, (40, 156), "Board", DIM, 14)
        chips(surface, fonts, self.hits, 40 + LABEL_W, 152, right, [
            (label, _call(self.choose_board_kind, key), key == self.form["board"])
            for key, label in BOARDS if ("table" if key == "table" else "hex") in kinds],
            prefix="board ")
        if self.form["board"] != "table":  # pointy-top rows or flat-top columns
            chips(surface, fonts, self.hits, 40 + LABEL_W + 200, 230, right, [
                (label, _call(self.choose_orientation, key),
                 key == self.form.get("orientation", "pointy"))
                for key, label in (("pointy", "Pointy-top"), ("flat", "Flat-top"))],
                prefix="orientation ")
        self._labels(surface)
        self._bottom(surface)

    def _labels(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        last_player = pygame.Rect(0, 0, 0, 0)
        for key, label, rect, meaning in self.layout():
            if label:
                left = 40 if not key.startswith(("player", "option:")) else rect.x - (
                    100 if key.startswith("player") else 180)
                text(surface, fonts, (left, rect.y + 6), label,
                     TEXT if key.startswith("option:") else DIM, 14)
            if meaning:  # wrapped within its column (600 pixels from x = 40)
                column_end = 40 + ((rect.x - 40) // 600 + 1) * 600 - 16 if len(
                    declared_options(self.form["ruleset"])) > 6 else surface.get_width() - 40
                text(surface, fonts, (rect.right + 8, rect.y), meaning, DIM, 11,
                     width=column_end - rect.right - 8)
            if key.startswith(("player", "colour")):
                last_player = last_player.union(rect) if last_player.w else rect
        y = last_player.bottom + 8
        text(surface, fonts, (40, y + 4), "Players", DIM, 14)
        chips(surface, fonts, self.hits, 40 + LABEL_W, y, 40 + LABEL_W + 400, [
            (str(n), _call(self.set_player_count, n), n == len(self.form["players"]))
            for n in range(2, 9)], prefix="players ")

    def _bottom(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        w, h = surface.get_size()
        label = "Create battle" if self.editor is None else "Apply"
        chips(surface, fonts, self.hits, 40, h - 50, w - 40, [
            (label, self.apply, True), ("Cancel", self.cancel, False)])
        if self.error:
            text(surface, fonts, (300, h - 46), self.error, BAD, 14, width=w - 340)
        else:
            text(surface, fonts, (300, h - 46), "Options left empty keep their default; "
                 "values are written as in a scenario file (6, true, [3, 4], \"max\").",
                 ACCENT, 12, width=w - 340)


def _call(action: Callable[[Any], None], value: Any) -> Callable[[], None]:
    return lambda: action(value)


def _toml(value: Any) -> str:
    """A value as a scenario file writes it ("none" for an option without one)."""
    from game.scenario.writer import write_text

    if value is None:
        return "none"
    try:
        return write_text({"v": value}).split("=", 1)[1].strip()
    except (TypeError, ValueError):
        return str(value)


def _board_of(doc: BattleDoc) -> dict[str, Any]:
    if "table" in doc.data:
        table = doc.data["table"]
        return {"width": float(table.get("width", 0)), "height": float(table.get("height", 0))}
    hexmap = doc.data.get("hexmap", {})
    return {k: hexmap[k] for k in ("radius", "cols", "rows", "orientation") if k in hexmap}


def _form_of(doc: BattleDoc) -> dict[str, Any]:
    board = _board_of(doc)
    kind = "table" if "width" in board else "hexradius" if "radius" in board else "hexrect"
    size = {"table": [f"{board.get('width', 48):g}", f"{board.get('height', 48):g}"],
            "hexrect": [str(board.get("cols", 12)), str(board.get("rows", 10))],
            "hexradius": [str(board.get("radius", 5)), ""]}[kind]
    return {"ruleset": doc.ruleset_name, "board": kind, "size": size,
            "orientation": "flat" if board.get("orientation") == "flat" else "pointy",
            "name": str(doc.data.get("scenario", {}).get("name", "")),
            "players": [(str(p.get("name", "")), str(p.get("colour", ""))) for p in doc.players],
            "options": {k: _toml(v) for k, v in doc.options().items()}}


class EditListScene(ListScene):
    """Edit: the battles built before (drafts marked) and the shipped scenarios."""

    title = "Edit a battle"
    subtitle = "Your battles first, then the shipped scenarios (the list scrolls)"

    def files(self) -> list[Path]:
        from game.scenario.paths import shipped_scenario_files
        from game.ui.editor_scene import battles_dir

        folder = battles_dir(self.app)
        own = sorted(folder.glob("*.toml"), key=lambda p: p.stat().st_mtime, reverse=True) \
            if folder.is_dir() else []
        return own + shipped_scenario_files(self.app.data_folder)

    def label(self, path: Path) -> str:
        from game.scenario.catalogue import scenario_header
        from game.scenario.edit import DRAFT_SUFFIX

        try:
            meta = scenario_header(path.read_text("utf-8"))
        except OSError:
            meta = {}
        draft = "DRAFT: " if path.name.endswith(DRAFT_SUFFIX) else ""
        name = str(meta.get("ruleset", "?"))
        title = rulesets.entry(name).cls.title if name in rulesets.names() else name
        return f"{draft}{meta.get('name', path.stem)}  ({title})"

    def open(self, path: Path) -> None:
        from game.ui.editor_scene import open_editor

        open_editor(self.app, path)
