"""Keys are handled in the order they were typed, each by the widget that has focus by then.

Textual routes a key when the app takes it off its queue: to the widget that has focus at
that moment. But a key the focused widget does not type (tab, enter, esc, backspace, the
arrows) reaches its binding only after a round trip: into the widget's queue, bubbling up
through each container and the screen, back to the app, which then runs the binding
(`tab`: focus the next field; `backspace`: delete the character left of the cursor). Keys
that arrive together — a paste without bracketed paste mode, tmux `send-keys`, fast typing
over ssh — are all routed before that round trip ends, so "matcher, tab, name" typed in one
burst lands wholly in the matcher while focus moves on, and `ab⌫c` gives `abc` minus its
last character.

`KeyOrder` holds the keys (and pastes) that come after one of those keys until its round
trip is over: a `KeyHandled` marker posted to the same widget right behind the key travels
the same way up, so it reaches the app after the key's binding has run. When that binding
reached the app, the marker makes the trip once more, behind the messages the binding posted
on the focused widget (an Input's `Submitted`, whose handler may move focus). A key the focused
widget types (`check_consume_key`) is not waited for: it stops there, and typing stays as fast
as before. A marker that is lost (its widget removed on the way) holds nothing for longer
than `MAX_WAIT` seconds.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from textual import events
from textual.message import Message
from textual.timer import Timer

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode

# A key whose round trip has not ended after this long (its marker lost with a widget
# removed on the way) no longer holds the keys after it.
MAX_WAIT = 0.3


class KeyHandled(Message, bubble=True):
    """Behind a key on its way to its binding: the key has been handled when this reaches
    the app (`second`: its second trip, behind what the key's binding posted)."""

    def __init__(self, key: events.Key, second: bool = False) -> None:
        super().__init__()
        self.key = key
        self.second = second


class KeyOrder:
    """The keys waiting for the one on its way (see the module docstring). The app calls
    `hold` before routing an event, `routed` after, `reached_app` when a key bubbles up to
    it and `handled` for each marker; `route` is how the app routes an event (Textual's
    `App.on_event`, then `routed`)."""

    def __init__(self, app: App[Any], route: Callable[[events.Event], Awaitable[None]]) -> None:
        self._app = app
        self._route = route
        self._on_its_way: events.Key | None = None
        self._reached_app = False
        self._waiting: deque[events.Key | events.Paste] = deque()
        self._timer: Timer | None = None

    @property
    def waiting(self) -> int:
        """How many keys and pastes wait (for tests)."""
        return len(self._waiting)

    def hold(self, event: events.Event) -> bool:
        """Keep `event` (a key or paste not routed yet) for later if a key before it is on
        its way, or others wait already; True if kept."""
        if not isinstance(event, events.Key | events.Paste) or event.is_forwarded:
            return False
        if self._on_its_way is None and not self._waiting:
            return False
        self._waiting.append(event)
        if self._timer is None:
            self._timer = self._app.set_timer(MAX_WAIT, self._gave_up, name="key order")
        return True

    def routed(self, event: events.Event, target: DOMNode) -> None:
        """`event` was handed to `target` (the focused widget, else the screen): follow it
        unless `target` types it."""
        if not isinstance(event, events.Key) or not event.is_forwarded:
            return  # a priority binding ran it, or not a key: done
        if target.check_consume_key(event.key, event.character):
            return
        if not target.post_message(KeyHandled(event)):
            return
        self._on_its_way = event
        self._reached_app = False
        if self._timer is not None:
            self._timer.reset()  # MAX_WAIT for this key

    def reached_app(self, event: events.Key) -> None:
        """The key bubbled up to the app: its binding runs now."""
        if event is self._on_its_way:
            self._reached_app = True

    async def handled(self, message: KeyHandled) -> None:
        """A marker reached the app: route the keys that waited (until one is on its way)."""
        if message.key is not self._on_its_way:
            return
        if self._reached_app and not message.second:
            target = self._app.focused or self._app.screen
            if target.post_message(KeyHandled(message.key, second=True)):
                return
        self._on_its_way = None
        await self._release()

    async def _gave_up(self) -> None:
        self._timer = None
        self._on_its_way = None
        await self._release()

    async def _release(self) -> None:
        while self._waiting and self._on_its_way is None:
            await self._route(self._waiting.popleft())
        if self._waiting and self._timer is None:
            self._timer = self._app.set_timer(MAX_WAIT, self._gave_up, name="key order")
        elif not self._waiting and self._timer is not None:
            self._timer.stop()
            self._timer = None
