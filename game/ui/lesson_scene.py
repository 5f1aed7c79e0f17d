"""The lesson scene: the table scene's parts playing a lesson, with a caption panel, an
objective line, step controls (back, restart step, restart lesson, hint, undo, next), the
choices of a quiz, and the step's highlights drawn on the table.

It composes a :class:`~game.ui.table_scene.TableScene` (never subclasses it): the table
draws the board and takes the learner's input as usual, on a
:class:`~game.learn.table.LessonGame`, so every learner action is judged by the
:class:`~game.learn.run.LessonRun`. The lesson list (:class:`LessonListScene`) shows the
lessons by system with their progress. ``warbench learn [LESSON]`` opens :func:`main`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.core.pending import Over
from game.learn import Lesson, LessonRun, load_all
from game.learn.coverage import Practice, practised
from game.learn.model import LineMark
from game.learn.predicates import fill
from game.learn.progress import load_progress
from game.learn.table import LessonGame
from game.scenario.saves import Session
from game.ui import hexlayout
from game.ui.camera import MAX_ZOOM, MIN_ZOOM
from game.ui.inspect_draw import wrap
from game.ui.labels import fit
from game.ui.render import fit_camera
from game.ui.scene import Scene
from game.ui.screens import ListScene
from game.ui.table_flow import TableFlow
from game.ui.table_scene import TableScene

if TYPE_CHECKING:
    from game.ui.app import App

Point = tuple[float, float]

CAPTION_H = 178
BUTTON_H = 30
HIGHLIGHT = (255, 214, 90)
SOLUTION = (120, 220, 255)
KIND_WORDS = {"say": "Read", "demo": "Watch", "try": "Your turn", "ask": "Question",
              "play": "Free play"}


class LessonFlow(TableFlow):
    """The table's flow inside a lesson: a game that ends (the learner's attack destroyed the
    last enemy) stays on the table, so the lesson goes on to its next step instead of the
    end screen, which would leave the lesson."""

    def check_flow(self) -> None:
        if isinstance(self.scene.pending(), Over):
            return
        super().check_flow()


class LessonScene(Scene):
    """One lesson on the table (see module docstring)."""

    title = "Lesson"

    def __init__(self, app: App, lesson: Lesson, run: LessonRun | None = None) -> None:
        super().__init__(app)
        self.lesson = lesson
        self.run = run or LessonRun(lesson)
        self.game = LessonGame(self.run)
        self.table = TableScene(app, Session(lesson.scenario, self.game))
        self.table.bottom_reserve = CAPTION_H + 16  # the board and its hover box stay above
        self.table.flow = LessonFlow(self.table)
        self.buttons: dict[Any, Callable[[], None]] = {}
        self.widgets: list[Any] = []
        self.note = ""
        self._noted: object = None  # the run's feedback last put in the note
        self.scroll = 0
        """Caption rows scrolled past (the wheel over the caption panel)."""
        self.caption_rows = 0
        """How many rows the caption has in all (for the scroll's end)."""
        self._scrolled_for: tuple[int, str] = (-1, "")
        self._shown: tuple[int, int, int, bool] | None = None

    # --- scene protocol -----------------------------------------------------------------------

    def enter(self) -> None:
        self.table.enter()
        self._shown = None

    def leave(self) -> None:
        self.table.leave()
        self.buttons.clear()
        self.widgets.clear()

    def help_lines(self) -> list[tuple[str, str]]:
        return [("N / B", "next / back step"), ("H", "hint"), ("Ctrl+R", "restart step"),
                *self.table.help_lines()]

    def handle(self, event: pygame.event.Event) -> None:
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element]()
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEWHEEL and self.caption_rect().collidepoint(
                pygame.mouse.get_pos()):
            self.scroll = max(0, min(self.scroll - event.y, self.caption_rows - 1))
            return  # a long caption scrolls; the board does not zoom under it
        self.table.handle(event)
        self._after_table()

    def update(self, dt: float) -> None:
        self._keep_table_here()
        self.table.update(dt)
        self._keep_table_here()
        shown = (self.run.index, id(self.run.game), len(self.run.step_events), self.run.solved)
        if shown != self._shown:
            if self._shown is None or shown[0] != self._shown[0] or shown[1] != self._shown[1]:
                self._sync_opponent()
            if self._shown is None or shown[0] != self._shown[0]:
                self._aim_camera()
                self._show_arcs()
            self._shown = shown
            self.table.revision += 1
            self._rebuild_controls()

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        self._draw_highlights(surface)
        self._draw_caption(surface)

    # --- controls ---------------------------------------------------------------------------

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        keys: dict[int, Callable[[], None]] = {pygame.K_n: self.next, pygame.K_b: self.back,
                                               pygame.K_h: self.hint}
        if ctrl and event.key == pygame.K_r:
            self.restart_step()
            return True
        if ctrl and event.key == pygame.K_z:
            self.undo()
            return True
        if not ctrl and event.key in keys:
            keys[event.key]()
            return True
        return False

    def next(self) -> None:
        """Next step (or the lesson list once the lesson is complete)."""
        feedback = self.run.next()
        self.note = "" if feedback.kind == "info" and not self.run.finished else feedback.text
        if self.run.finished:
            self.app.notify(f"Lesson complete: {self.lesson.title}")
            self.app.switch(LessonListScene(self.app))

    def back(self) -> None:
        """Previous step."""
        self.run.back()
        self.note = ""

    def restart_step(self) -> None:
        """This step from its start."""
        self.run.restart_step()
        self.note = "Step restarted."

    def restart_lesson(self) -> None:
        """The lesson from its first step."""
        self.run.restart_lesson()
        self.note = "Lesson restarted."

    def hint(self) -> None:
        """The next hint tier (text, then the solution drawn as ghost-free steps)."""
        self.note = f"Hint: {self.run.hint().text}"

    def undo(self) -> None:
        """Take back the learner's last action in this try."""
        self.note = self.run.undo().text

    def answer(self, choice: int) -> None:
        """Answer the quiz."""
        self.note = self.run.answer(choice).text

    def _rebuild_controls(self) -> None:
        from pygame_gui.elements import UIButton

        for widget in self.widgets:
            widget.kill()
        self.widgets.clear()
        self.buttons.clear()
        panel = self.caption_rect()
        y = panel.bottom - BUTTON_H - 8
        x = panel.x + 10
        controls: list[tuple[str, Callable[[], None], bool]] = [
            ("Back", self.back, self.run.index > 0),
            ("Restart step", self.restart_step, True),
            ("Restart lesson", self.restart_lesson, True),
            ("Hint", self.hint, self.run.step.kind in ("try", "ask")),
            ("Undo", self.undo, self.run.can_undo()),
            ("Next" if self.run.index + 1 < len(self.lesson.steps) else "Finish", self.next,
             self.run.can_next()),
        ]
        for label, action, enabled in controls:
            width = max(70, self.app.fonts.get(14).size(label)[0] + 28)
            x = self._button(pygame.Rect(x, y, width, BUTTON_H), label, action, enabled) + 6
        if self.run.step.kind == "ask" and not self.run.solved:
            for i, (rect, choice) in enumerate(self.answer_rects()):
                self._button(rect, choice, self._chooser(i), True)
        del UIButton

    def answer_rects(self) -> list[tuple[pygame.Rect, str]]:
        """Where a quiz's answer buttons go: in rows inside the caption panel, above its
        controls (never out of the panel); an answer too long for a row is cut, the
        whole of it in the button's tooltip."""
        panel = self.caption_rect()
        font = self.app.fonts.get(14)
        row_y = panel.bottom - BUTTON_H - 8 - BUTTON_H - 6
        rows: list[list[tuple[int, str]]] = [[]]
        used = 0
        room = panel.width - 20
        for choice in self.run.step.model.choices:
            width = min(max(90, font.size(choice)[0] + 28), room)
            if rows[-1] and used + width > room:
                rows.append([])
                used = 0
            rows[-1].append((width, choice))
            used += width + 6
        out: list[tuple[pygame.Rect, str]] = []
        for r, row in enumerate(rows):
            x, y = panel.x + 10, row_y - (len(rows) - 1 - r) * (BUTTON_H + 6)
            for width, choice in row:
                out.append((pygame.Rect(x, y, width, BUTTON_H), choice))
                x += width + 6
        return out

    def _button(self, rect: pygame.Rect, label: str, action: Callable[[], None],
                enabled: bool) -> int:
        from pygame_gui.elements import UIButton

        shown = fit(self.app.fonts.get(14), label, rect.width - 20)
        button = UIButton(rect, shown, self.app.manager,
                          tool_tip_text=label if shown != label else None)
        if enabled:
            self.buttons[button] = action
        else:
            button.disable()  # type: ignore[no-untyped-call]
        self.widgets.append(button)
        return int(rect.right)

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.answer(index)

    # --- the table inside ---------------------------------------------------------------------

    def _sync_opponent(self) -> None:
        """A play step with an ``opponent``: the computer plays the other side on the table
        (its moves paced and explained as in a game); any other step: nobody does."""
        sides = self.run.opponents()
        computer = self.table.computer
        if computer is not None and computer.sides == sides:
            return
        if computer is not None:
            computer.drop_button()
            self.table.computer = None
        if sides:
            self.table.play_computer(sides)

    def _keep_table_here(self) -> None:
        """The lesson never hands over: both sides are the learner's or the lesson's."""
        self.table.flow.handoff_due = False
        self.table.last_player = self.game.current_player()

    def _after_table(self) -> None:
        """A new judgement of the learner's move goes into the note, once: a later note (a
        hint pressed after a wrong move) is not overwritten by the same old judgement on the
        next mouse move."""
        self._keep_table_here()
        feedback = self.run.feedback
        if feedback is None or feedback is self._noted:
            return
        self._noted = feedback
        if feedback.kind in ("wrong", "solved", "refused", "progress"):
            self.note = feedback.text

    def _aim_camera(self) -> None:
        camera = self.run.step.model.camera
        if camera is None:
            return
        point = self._camera_point(camera.unit, camera.at, camera.hex)
        if point is None:
            return
        cam = self.table.view.camera
        if "zoom" in camera.model_fields_set:  # times the zoom that fits the whole board
            fitted = replace(cam)
            fit_camera(fitted, self.game.state)
            cam.zoom = min(MAX_ZOOM, max(MIN_ZOOM, fitted.zoom * camera.zoom))
        vp = self.table.viewport()
        sx, sy = cam.to_screen(*point)
        cam.pan_pixels(vp.centerx - sx, vp.centery - sy)

    def _show_arcs(self) -> None:
        """A step that highlights arcs selects their unit: the table draws its arcs."""
        arcs = self.run.step.model.highlight.arcs
        if arcs and arcs[0].unit in self.game.state.units:
            self.table.view.selected = arcs[0].unit

    def _camera_point(self, unit: str | None, at: Point | None,
                      hex_at: tuple[int, int] | None) -> Point | None:
        if unit is not None:
            return self._unit_point(unit)
        if at is not None:
            return at
        if hex_at is not None:
            return hexlayout.hex_centre(*hex_at)
        return None

    def _unit_point(self, unit_id: str) -> Point | None:
        unit = self.game.state.units.get(unit_id)
        if unit is None:
            return None
        if unit.tray is not None:
            return (unit.tray.x, unit.tray.y)
        if unit.hex is not None:
            return hexlayout.hex_centre(unit.hex.q, unit.hex.r)
        return None

    # --- drawing ----------------------------------------------------------------------------

    def caption_rect(self) -> pygame.Rect:
        """Where the caption panel sits: under the table's view (which leaves room for it)."""
        vp = self.table.viewport()
        return pygame.Rect(vp.x + 8, vp.bottom + 8, vp.width - 16, CAPTION_H)

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        light = self.run.step.model.highlight
        cam = self.table.view.camera
        clip = surface.get_clip()
        surface.set_clip(self.table.viewport())
        for q, r in light.hexes:
            corners = cam.points_to_screen(hexlayout.hex_corners_world(q, r))
            pygame.draw.polygon(surface, HIGHLIGHT, corners, 3)
        for unit_id in light.units:
            self._ring(surface, unit_id)
        for arc in light.arcs:
            self._ring(surface, arc.unit, label=arc.arc)
        for line in light.lines:
            self._line(surface, line)
        if self.run.step.kind == "try" and self.run.hint_tier >= 2:
            self._draw_solution(surface)
        surface.set_clip(clip)

    def _draw_solution(self, surface: pygame.Surface) -> None:
        """Hint tier 2: each solution action drawn as an arrow from its unit to its target
        (or a ring on its unit), numbered in order."""
        cam = self.table.view.camera
        font = self.app.fonts.get(14, bold=True)
        words = self.run.solution_labels()
        for number, action in enumerate(self.run.step.solution, start=1):
            actor = action.actor()
            start = self._unit_point(actor) if actor else None
            if start is None:
                continue
            a = cam.to_screen(*start)
            target = action.target_id()
            end = self._unit_point(target) if target else None
            if end is not None:
                b = cam.to_screen(*end)
                pygame.draw.line(surface, SOLUTION, a, b, 4)
                pygame.draw.circle(surface, SOLUTION, (round(b[0]), round(b[1])), 7)
            else:
                pygame.draw.circle(surface, SOLUTION, (round(a[0]), round(a[1])), 22, 3)
            label = font.render(f"{number}. {words[number - 1]}", True, SOLUTION)
            surface.blit(label, (a[0] + 12, a[1] + 14 * number))

    def _ring(self, surface: pygame.Surface, unit_id: str, label: str = "") -> None:
        unit = self.game.state.units.get(unit_id)
        if unit is None or not unit.on_board:
            return
        cam = self.table.view.camera
        if unit.tray is not None:
            corners = cam.points_to_screen(list(unit.tray.corners))
        elif unit.hex is not None:
            corners = cam.points_to_screen(hexlayout.hex_corners_world(unit.hex.q, unit.hex.r))
        else:
            return
        pygame.draw.polygon(surface, HIGHLIGHT, corners, 3)
        if label:
            font = self.app.fonts.get(13, bold=True)
            x = min(p[0] for p in corners)
            y = min(p[1] for p in corners) - 18
            surface.blit(font.render(f"{label} arc", True, HIGHLIGHT), (x, y))

    def _line(self, surface: pygame.Surface, line: LineMark) -> None:
        ends = [self._unit_point(end) if isinstance(end, str) else end
                for end in (line.a, line.b)]
        if ends[0] is None or ends[1] is None:
            return
        cam = self.table.view.camera
        a, b = cam.to_screen(*ends[0]), cam.to_screen(*ends[1])
        pygame.draw.line(surface, HIGHLIGHT, a, b, 3)
        if line.label:
            text = fill(line.label, self.game.state, self.run.events())
            img = self.app.fonts.get(14, bold=True).render(text, True, HIGHLIGHT)
            surface.blit(img, ((a[0] + b[0]) / 2 + 6, (a[1] + b[1]) / 2 - 8))

    def _draw_caption(self, surface: pygame.Surface) -> None:
        rect = self.caption_rect()
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((18, 20, 26, 228))
        surface.blit(shade, rect.topleft)
        pygame.draw.rect(surface, HIGHLIGHT, rect, 1)
        fonts = self.app.fonts
        number, total = self.run.progress()
        step = self.run.step
        head = f"{self.lesson.title}  -  step {number} of {total}: {KIND_WORDS[step.kind]}"
        surface.blit(fonts.get(13).render(head, True, (170, 170, 170)), (rect.x + 10, rect.y + 6))
        objective = fonts.get(16, bold=True)
        y = rect.y + 24
        for line in wrap(objective, self.run.objective(), rect.width - 20)[:2]:  # a question
            surface.blit(objective.render(line.strip(), True, HIGHLIGHT), (rect.x + 10, y))
            y += 20
        font = fonts.get(14)
        y += 4
        answers = self.answer_rects() if step.kind == "ask" and not self.run.solved else []
        top_button = min((r.top for r, _ in answers), default=rect.bottom - BUTTON_H - 8)
        bottom = top_button - 8
        lines = wrap(font, self.run.caption(), rect.width - 20)
        rows = [(line, (240, 240, 240)) for line in lines]
        if self.note:
            rows += [(line, (235, 225, 190)) for line in wrap(font, "> " + self.note,
                                                              rect.width - 20)]
        for note in self.run.rule_notes():  # the rulesets' own texts explain the rules
            rows += [(line, (160, 170, 185)) for line in wrap(font, note, rect.width - 20)]
        room = max(0, (bottom - y) // 17)
        if self._scrolled_for != (self.run.index, self.note):  # a new text starts at its top
            self._scrolled_for, self.scroll = (self.run.index, self.note), 0
        self.caption_rows = max(0, len(rows) - room + 1)
        self.scroll = min(self.scroll, max(0, len(rows) - room))
        shown = rows[self.scroll:self.scroll + room]
        for line, colour in shown:
            surface.blit(font.render(line.strip(), True, colour), (rect.x + 10, y))
            y += 17
        more = self.scroll > 0, self.scroll + room < len(rows)
        if any(more):  # the rest is a wheel turn away, and the panel says so
            arrows = ("▲ " if more[0] else "") + ("▼ " if more[1] else "")
            hint = fonts.get(12).render(f"{arrows}wheel: more", True, (235, 225, 190))
            surface.blit(hint, hint.get_rect(topright=(rect.right - 8, rect.y + 6)))


class LessonListScene(ListScene):
    """Every lesson by system with done / new (the list scrolls; Back returns to the menu).
    Each system opens with a row saying how many of its rules the learner has practised (the
    rules of the lessons done) and naming the next lesson to take; that row opens it."""

    title = "Lessons"

    def entries(self) -> list[tuple[str, Callable[[], None] | None, str]]:
        done = load_progress()
        lessons = load_all()
        heads = {p.system: p for p in practised(lessons, done)}
        rows: list[tuple[str, Callable[[], None] | None, str]] = []
        system = None
        for lesson in lessons:
            if lesson.system != system:
                system = lesson.system
                if system in heads:
                    rows.append(self._progress_row(heads[system]))
            mark = "done" if done.get(lesson.id) else "new"
            label = f"{lesson.system}: {lesson.title} ({mark})"
            rows.append((label, self._lesson_opener(lesson), lesson.model.lesson.summary))
        return rows or [("(no lessons)", None, "")]

    def _progress_row(self, progress: Practice) -> tuple[str, Callable[[], None] | None, str]:
        """A system's progress line; it opens the suggested lesson (none when all are done)."""
        following = progress.next_lesson
        label = (f"{progress.title}: {progress.practised} of {progress.rules} rules practised"
                 + (f" - next: {following.title}" if following else " - every lesson done"))
        if following is None:
            return label, None, ""
        return label, self._lesson_opener(following), f"Take the next lesson: {following.title}"

    def _lesson_opener(self, lesson: Lesson) -> Callable[[], None]:
        return lambda: self.app.switch(LessonScene(self.app, lesson))


def main(lesson: Lesson, size: str = "1280x800") -> int:
    """Open ``lesson`` in a window (RuntimeError when there is no display to open)."""
    from game.ui.app import App
    from game.ui.headless import parse_size

    if os.environ.get("SDL_VIDEODRIVER") == "dummy" or (
            sys.platform.startswith("linux") and not os.environ.get("DISPLAY")
            and not os.environ.get("WAYLAND_DISPLAY")):
        raise RuntimeError("no display")
    app = App(parse_size(size))
    app.switch(LessonScene(app, lesson))
    return app.run()
