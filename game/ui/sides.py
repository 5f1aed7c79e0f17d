"""New game, second screen: who plays each side, a person or the computer at one of its
strengths. A player alone gets Human against the computer at normal strength by default;
every side the computer plays makes "Watch" (computer against computer).

The choice goes with the game: the session's ``computer`` sides are saved and autosaved, so
a loaded game resumes against the computer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from game.ui.screens import ButtonScene, MenuScene, hold_autosave, open_session

if TYPE_CHECKING:
    from game.scenario import Scenario
    from game.ui.app import App

CHOICES: tuple[str | None, ...] = (None, "easy", "normal", "hard")
"""What a side's button cycles through: a person (None), then the computer's strengths."""

DEFAULT_COMPUTER = "normal"


def default_sides(players: list[int]) -> dict[int, str]:
    """Human as the first player, the computer (normal) for every other side."""
    return {n: DEFAULT_COMPUTER for n in players[1:]}


def side_words(level: str | None) -> str:
    """``Human`` or ``Computer (normal)``."""
    return "Human" if level is None else f"Computer ({level})"


class SidesScene(ButtonScene):
    """Who plays each side; Start (or Watch when the computer plays every side)."""

    title = "Who plays?"

    def __init__(self, app: App, scenario: Scenario,
                 sides: dict[int, str] | None = None) -> None:
        super().__init__(app)
        self.scenario = scenario
        numbers = [p.number for p in scenario.state.players]
        self.sides = default_sides(numbers) if sides is None else dict(sides)
        self.subtitle = f"{scenario.name}\nClick a side to change who plays it"

    @classmethod
    def open(cls, app: App, path: Path) -> None:
        """Load the scenario at ``path`` and ask who plays it (problems go to the menu)."""
        from game.scenario import ScenarioError, load_scenario

        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            app.switch(MenuScene(app, message=f"{path.name}: {exc}"))
            return
        app.switch(cls(app, scenario))

    def entries(self) -> list[tuple[str, Callable[[], None] | None, str]]:
        rows: list[tuple[str, Callable[[], None] | None, str]] = [
            (f"{p.name}: {side_words(self.sides.get(p.number))}", self._cycler(p.number),
             "click: Human, Computer (easy), Computer (normal), Computer (hard)")
            for p in self.scenario.state.players]
        everyone = all(p.number in self.sides for p in self.scenario.state.players)
        rows.append(("Watch" if everyone else "Start", self.start,
                     "the computer plays every side: watch it (F skips the pauses)" if everyone
                     else "open the table"))
        rows.append(("Watch: computer against computer", self.watch,
                     "every side played by the computer at normal strength"))
        rows.append(("Back", self.back, ""))
        return rows

    def _cycler(self, number: int) -> Callable[[], None]:
        return lambda: self.cycle(number)

    def cycle(self, number: int) -> None:
        """Human -> Computer (easy) -> (normal) -> (hard) -> Human for one side."""
        now = self.sides.get(number)
        level = CHOICES[(CHOICES.index(now) + 1) % len(CHOICES)] if now in CHOICES else None
        if level is None:
            self.sides.pop(number, None)
        else:
            self.sides[number] = level
        self.app.switch(SidesScene(self.app, self.scenario, self.sides))

    def watch(self) -> None:
        """Computer against computer at normal strength."""
        self.sides = {p.number: DEFAULT_COMPUTER for p in self.scenario.state.players}
        self.start()

    def start(self) -> None:
        """Open the table with these sides (a new game with its own autosave)."""
        from game.scenario import ScenarioError, new_session

        try:
            session = new_session(self.scenario)
        except ScenarioError as exc:
            self.app.switch(MenuScene(self.app, message=f"{self.scenario.name}: {exc}"))
            return
        session = replace(session, computer=dict(self.sides))
        hold_autosave(self.app, session)
        open_session(self.app, session)

    def back(self) -> None:
        """Back to the scenario list."""
        from game.ui.screens import ScenarioListScene

        self.app.switch(ScenarioListScene(self.app))
