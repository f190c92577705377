"""The rules: :class:`Game`, a position of Klondike and what the rules let happen to it
(python-chess's ``Board``).

>>> g = Game.from_code("KL1-D1N-AAAAAAG")
>>> g.code, g.draw, g.scoring, g.score, g.won
('KL1-D1N-AAAAAAG', 1, 'normal', 0, False)
>>> g.play("S-W")
Move('S', 'W')
>>> g.undo()
Move('S', 'W')

:meth:`Game.legal_codes` is the one place that decides what is legal. Inside, a move is a
:data:`~klondike.cards.MoveCode`; :meth:`Game.push` and :meth:`Game.pop` apply and take
back such codes without checks, for the solver, as deep as it likes (the public
:meth:`Game.undo` takes back only the last :data:`~klondike.rules.UNDO_LIMIT` actions).
What is not the rules has rooms of its own, which the methods of the same names hand
over to: why a move is refused (:mod:`klondike.illegal`), what the player has seen
(:mod:`klondike.information`), Finish (:mod:`klondike.finish`), snapshots
(:mod:`klondike.snapshot`), what a person sees (:mod:`klondike.display`).
"""

from __future__ import annotations

from typing import Any

from . import display, finish, information
from .cards import (
    COUNT_SHIFT,
    DECK_SIZE,
    F0,
    KING,
    MOVES,
    OWN_FOUNDATION,
    PAIR_MASK,
    PARENT_BITS,
    PILE_MASK,
    RANK,
    SOURCE_SHIFT,
    STOCK,
    SUIT,
    SUIT_CARDS,
    T0,
    WASTE,
    Card,
    Move,
    MoveCode,
    Pile,
    card,
    count_of,
    move_code,
    move_of,
    move_piles,
    source_of,
    target_of,
)
from .codes import check_deal, check_draw, check_scoring, format_code, parse_code, random_deal
from .compiled import give_way_if_stale
from .deal import deal_layout, redeal_permutation
from .errors import IllegalMove
from .illegal import why_illegal
from .rules import APP, POINTS, START_SCORE, UNDO_LIMIT, UNLIMITED, Rules, rules_for
from .snapshot import restore, snapshot_of
from .stock import StockMove, Stop, draw_codes, stock_moves, waste_card_codes

Flight = tuple[MoveCode, bool]
"""An Ace that went to its foundation by itself: its move code, and whether a face-down
card was turned up behind it."""
Layout = tuple[list[Card], list[Card], list[int], list[list[Card]], list[list[Card]]]
"""A position's piles: stock, waste, foundation heights, face-down and face-up columns."""


class Game:
    """A game of Klondike: the position, its score and its undo history.

    Create one with :meth:`new`, :meth:`from_code` or :meth:`from_snapshot`.
    """

    __slots__ = (
        "_auto",
        "_fixed",
        "_floor",
        "_home",
        "_points",
        "_recycle_limit",
        "_redo",
        "_shuffle",
        "deal",
        "down",
        "draw",
        "flights",
        "foundations",
        "history",
        "moves",
        "recycles",
        "rules",
        "score",
        "scoring",
        "stock",
        "undos",
        "up",
        "waste",
    )

    def __init__(
        self,
        deal: object = 0,
        draw: object = 1,
        scoring: object = "normal",
        rules: Rules = APP,
        *,
        layout: Layout | None = None,
    ) -> None:
        """A new game of deal number ``deal`` in version ``rules``, dealt; or, given a
        ``layout`` (stock, waste, foundations, down, up; its lists taken as they are), in
        that position with no history yet. Prefer :meth:`new`, :meth:`from_code` or
        :meth:`restored`."""
        self.deal = check_deal(deal)
        self._configure(rules, check_draw(draw), check_scoring(scoring))
        if layout is None:
            self.stock, self.down, self.up = deal_layout(self.deal)
            self.waste = [self.stock.pop() for _ in range(rules.dealt_to_waste)]
            self.foundations = [0, 0, 0, 0]  # cards on each foundation; the top is the rank
        else:
            self.stock, self.waste, self.foundations, self.down, self.up = layout
        self._home = sum(self.foundations)
        self.score = START_SCORE[self.scoring]
        self.moves = 0  # actions played, minus those undone
        self.undos = 0  # undos made in this game
        self.history: list[tuple[MoveCode, bool, int]] = []  # (code, card turned up, score before)
        self.flights: list[tuple[Flight, ...]] = []  # automatic Aces flown after each action
        self.recycles = 0  # times the waste was turned over into the stock
        self._floor = 0  # undo never goes below this length of the history
        self._redo: list[MoveCode] = []  # actions undone, the next to redo last; a move clears it
        if self._auto and layout is None:
            self._fly()  # Aces dealt playable go up at once: part of the deal

    def _configure(self, rules: Rules, draw: int, scoring: str) -> None:
        """Set the version, draw count and scoring, and what the hot paths read of them."""
        rules.check(draw, scoring)
        self.rules, self.draw, self.scoring = rules, draw, scoring
        self._auto = rules.auto_aces
        self._fixed = rules.fixed_height  # foundation heights up to this stay put
        self._shuffle = rules.recycle == "shuffle"
        limit = rules.pass_limit(scoring)
        self._recycle_limit = UNLIMITED if limit is None else limit - 1
        self._points = POINTS[scoring]

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(
        cls,
        draw: object = None,
        scoring: object = None,
        deal: object = None,
        rules: object = APP,
    ) -> Game:
        """A new game; a random deal unless ``deal`` names one. Draw and scoring default to
        the version's first (Draw 1 Normal in the app's rules).

        >>> Game.new(deal=6, rules="solitaer").code
        'KS1-D3X-AAAAAAG'
        """
        version = rules if isinstance(rules, Rules) else rules_for(rules)
        return cls(
            random_deal() if deal is None else deal,
            version.draws[0] if draw is None else draw,
            version.scorings[0] if scoring is None else scoring,
            version,
        )

    @classmethod
    def from_code(cls, code: object) -> Game:
        """The game a code names, from its start.

        >>> Game.from_code("kl1-d3v-aaaaaag ").code
        'KL1-D3V-AAAAAAG'
        """
        deal, draw, scoring, rules = parse_code(code)
        return cls(deal, draw, scoring, rules_for(rules))

    @classmethod
    def restored(
        cls,
        deal: int,
        rules: Rules,
        draw: int,
        scoring: str,
        *,
        stock: list[Card],
        waste: list[Card],
        foundations: list[int],
        down: list[list[Card]],
        up: list[list[Card]],
    ) -> Game:
        """A game in exactly this position, its lists taken as they are (bottom card
        first), with the start's score and no history, recycles or redo yet; no other
        checks. Snapshots (:func:`klondike.snapshot.restore`) and the solver's variants
        build games with this and set the rest (``score``, ``recycles``, ``history``, …)."""
        return cls(deal, draw, scoring, rules, layout=(stock, waste, foundations, down, up))

    def set_redo(self, codes: list[MoveCode]) -> None:
        """The undone actions :meth:`redo` plays again, the next one LAST (as a snapshot
        restores them); no checks."""
        self._redo = codes[:]

    def copy(self) -> Game:
        """An independent copy, undo history included."""
        down, up = [c[:] for c in self.down], [c[:] for c in self.up]
        layout = (self.stock[:], self.waste[:], self.foundations[:], down, up)
        other = Game(self.deal, self.draw, self.scoring, self.rules, layout=layout)
        other.recycles = self.recycles
        other.flights = self.flights[:]
        other.score, other.moves, other.undos = self.score, self.moves, self.undos
        other.history = self.history[:]
        other._floor = self._floor
        other._redo = self._redo[:]
        return other

    # ----------------------------------------------------------------- properties

    @property
    def code(self) -> str:
        """The game code: ``'KL1-D1N-AAAAAAG'``."""
        return format_code(self.deal, self.draw, self.scoring, self.rules)

    @property
    def can_recycle(self) -> bool:
        """True if the pass limit still lets the waste go back into the stock."""
        return self.recycles < self._recycle_limit

    def stock_step(self) -> Move | None:
        """The stock's next step: a draw, or the waste turned over once the stock is empty;
        None when neither is left.

        >>> Game.from_code("KL1-D3N-AAAAAAG").stock_step()
        Move('S', 'W')
        """
        if self.stock:
            return MOVES[move_code(STOCK, WASTE, 0)]
        if self.waste and self.can_recycle:
            return MOVES[move_code(WASTE, STOCK, 0)]
        return None

    @property
    def recycle_limit(self) -> int:
        """The turn-overs of the waste the pass limit allows (:data:`UNLIMITED` without one)."""
        return self._recycle_limit

    @property
    def last_code(self) -> MoveCode | None:
        """The code of the last action pushed (None before the first)."""
        return self.history[-1][0] if self.history else None

    @property
    def won(self) -> bool:
        """True when all 52 cards are on the foundations."""
        return self._home == DECK_SIZE

    @property
    def can_redo(self) -> bool:
        """True if :meth:`redo` would play an undone action again."""
        return bool(self._redo)

    @property
    def redo_moves(self) -> list[Move]:
        """The actions :meth:`redo` would play again, the next one first."""
        return [move_of(code) for code in reversed(self._redo)]

    @property
    def redo_codes(self) -> list[MoveCode]:
        """The codes of the actions :meth:`redo` would play again, the next one first."""
        return self._redo[::-1]

    @property
    def undo_start(self) -> int:
        """The index in :attr:`history` of the oldest action :meth:`undo` may still take back."""
        return max(self._floor, len(self.history) - UNDO_LIMIT)

    @property
    def can_undo(self) -> bool:
        """True if :meth:`undo` would take an action back."""
        return len(self.history) > self._floor and not self.won

    # ----------------------------------------------------------------- legal moves

    def legal_codes(self) -> list[MoveCode]:
        """Every legal move as a :data:`MoveCode`; the rules live here.

        The hot path of the solver: the codes are built inline, ``count << COUNT_SHIFT |
        source << SOURCE_SHIFT | target`` as :func:`~klondike.cards.move_code` builds them.
        """
        codes: list[MoveCode] = []
        if self._home == DECK_SIZE:
            return codes
        stock, waste, found, down, up = self.stock, self.waste, self.foundations, self.down, self.up
        one = 1 << COUNT_SHIFT  # the count of a move of one card
        if stock:
            codes.append((min(self.draw, len(stock)) << COUNT_SHIFT) | WASTE)  # S-W
        elif waste and self.recycles < self._recycle_limit:
            codes.append((len(waste) << COUNT_SHIFT) | (WASTE << SOURCE_SHIFT))  # W-S
        if waste:
            codes += waste_card_codes(waste[-1], found, up, True)
        tops = [col[-1] if col else -1 for col in up]
        for i in range(7):
            run = up[i]
            if not run:
                continue
            top = run[-1]
            suit = SUIT[top]
            if found[suit] == RANK[top] - 1:
                codes.append(one | ((T0 + i) << SOURCE_SHIFT) | (F0 + suit))
            base = run[0]
            base_rank = RANK[base]
            length = len(run)
            for j in range(7):
                if j == i:
                    continue
                target = tops[j]
                if target < 0:
                    if base_rank == KING and down[i]:
                        codes.append(
                            (length << COUNT_SHIFT) | ((T0 + i) << SOURCE_SHIFT) | (T0 + j)
                        )
                    continue
                index = base_rank - RANK[target] + 1  # where the card one rank lower lies
                if 0 <= index < length and PARENT_BITS[run[index]] >> target & 1:
                    moved = (length - index) << COUNT_SHIFT
                    codes.append(moved | ((T0 + i) << SOURCE_SHIFT) | (T0 + j))
        fixed = self._fixed  # foundation cards that stay where they are
        for suit in range(4):
            height = found[suit]
            if height > fixed:
                parents = PARENT_BITS[SUIT_CARDS[suit][height - 1]]
                for j in range(7):
                    top = tops[j]
                    if (top < 0 and height == KING) or (top >= 0 and parents >> top & 1):
                        codes.append(one | ((F0 + suit) << SOURCE_SHIFT) | (T0 + j))
        return codes

    def legal_moves(self) -> list[Move]:
        """Every legal move now, each once, in canonical text.

        >>> [str(m) for m in Game.from_code("KL1-D1N-AAAAAAG").legal_moves()]
        ['S-W', 'T1-F3', 'T5-T4', 'T7-F2']
        """
        moves, pair = MOVES, PAIR_MASK
        return [moves[code & pair] for code in self.legal_codes()]

    def is_legal(self, move: object) -> bool:
        """True if ``move`` could be played now."""
        try:
            self.code_of(move)
        except IllegalMove:
            return False
        return True

    def code_of(self, move: object, *, card: Card | None = None) -> MoveCode:
        """The legal move code ``move`` (text or :class:`Move`, ``"F"`` its own foundation)
        names now, or :class:`IllegalMove` with the reason.

        ``card`` is the card the player moves (a drag): a move from a column must then take
        that card (with the cards on it), and a refusal names it.

        >>> from klondike.cards import parse_card
        >>> g = Game.from_code("KL1-D1N-AAAAAAG")
        >>> g.code_of("T3-T2", card=parse_card("QS"))
        Traceback (most recent call last):
        ...
        klondike.errors.IllegalMove: Q♠ does not go on J♣: only a red 10 goes on it
        """
        source, target = move_piles(move)
        if target == OWN_FOUNDATION:
            if self.won:  # before "its foundation", which needs a card to move
                raise IllegalMove("game_won")
            target = F0 + SUIT[self.top_card(source)]  # the moving card's foundation
        wanted, mask = move_code(source, target, 0), PAIR_MASK
        run = self.up[source - T0] if source >= T0 else None
        for code in self.legal_codes():
            if code & mask == wanted and (  # pair_of, inline: play's path
                card is None or run is None or run[-count_of(code)] == card
            ):
                return code
        raise why_illegal(self, source, target, card)

    def top_card(self, pile: Pile) -> Card:
        """The top card of a pile a card moves from; :class:`IllegalMove` if there is none."""
        if pile == STOCK:
            raise IllegalMove("stock_only_to_waste")
        if pile == WASTE:
            if not self.waste:
                raise IllegalMove("waste_empty")
            return self.waste[-1]
        if pile >= T0:
            if not self.up[pile - T0]:
                raise IllegalMove("column_empty", column=pile - T0 + 1)
            return self.up[pile - T0][-1]
        height = self.foundations[pile - F0]
        if not height:
            raise IllegalMove("foundation_empty", foundation=pile - F0 + 1)
        return card(pile - F0, height)

    # ------------------------------------------- the stock's shortcuts (klondike.stock)

    def waste_card_codes(self, moving: Card, *, every_empty: bool = True) -> list[MoveCode]:
        """The moves ``moving`` would have as the waste's top card now, as
        :meth:`legal_codes` gives them (:func:`klondike.stock.waste_card_codes`)."""
        return waste_card_codes(moving, self.foundations, self.up, every_empty)

    @property
    def stock_keeps_order(self) -> bool:
        """True if draws and turn-overs only move cards between the stock and the waste,
        keeping their order: no shuffled redeal, no Ace left to fly home by itself. Then
        :meth:`stock_moves` says where drawing leads without playing a draw."""
        return not self._shuffle and not (self._auto and 0 in self.foundations)

    def stock_stops(self) -> list[Stop]:
        """Every card draws and turn-overs alone bring to the waste's top, ``(steps, card)``:
        :meth:`stock_moves`'s stops."""
        return self.stock_moves()[0]

    def stock_moves(self, *, every_empty: bool = True) -> tuple[list[Stop], list[StockMove]]:
        """The stock's stops and the moves there (:func:`klondike.stock.stock_moves`), where
        :attr:`stock_keeps_order` (:class:`ValueError` otherwise)."""
        if not self.stock_keeps_order:
            raise ValueError("the stock does not keep its order here: play the draws")
        waste, stock, draw = self.waste, self.stock, self.draw
        return stock_moves(
            waste, stock, self.foundations, self.up, draw, self.can_recycle, every_empty
        )

    def draw_codes(self, steps: int) -> tuple[MoveCode, ...]:
        """The codes of the first ``steps`` draws and turn-overs, those between two
        turn-overs joined into one S-W code (:func:`klondike.stock.draw_codes`)."""
        return tuple(draw_codes(len(self.waste), len(self.stock), self.draw, steps))

    # ----------------------------------------------------------------- play and undo

    def push(self, code: MoveCode) -> None:
        """Play a legal move code from :meth:`legal_codes`; no checks."""
        source = (code >> SOURCE_SHIFT) & PILE_MASK  # source_of, target_of, count_of inline
        target = code & PILE_MASK
        count = code >> COUNT_SHIFT
        previous = self.score
        turned = False
        if source == STOCK:
            stock, waste = self.stock, self.waste
            for _ in range(count):
                waste.append(stock.pop())
        elif target == STOCK:
            self._recycle()
            if self._points[3]:
                self.score = max(0, previous + self._points[3])
        else:
            points = 0
            if source == WASTE:
                card = self.waste.pop()
                if target >= T0:
                    points = self._points[1]
            elif source >= T0:
                run = self.up[source - T0]
                card = run.pop() if count == 1 else -1  # -1: a run of several, moved here
                if count > 1:
                    self.up[target - T0].extend(run[-count:])
                    del run[-count:]
                if not run:
                    down = self.down[source - T0]
                    if down:
                        run.append(down.pop())
                        turned = True
                        points = self._points[2]
            else:
                suit = source - F0
                self.foundations[suit] -= 1
                self._home -= 1
                card = SUIT_CARDS[suit][self.foundations[suit]]
            if target < T0:
                self.foundations[target - F0] += 1
                self._home += 1
                points += self._points[0]
            elif card >= 0:
                self.up[target - T0].append(card)
            if points:
                self.score = previous + points
        self.moves += 1
        self.history.append((code, turned, previous))
        if self._auto:
            self.flights.append(self._fly())

    def pop(self) -> MoveCode:
        """Take back the last pushed move code and return it; no checks."""
        code, turned, previous = self.history.pop()
        if self._auto:
            self._land(self.flights.pop())
        source = (code >> SOURCE_SHIFT) & PILE_MASK  # source_of, target_of, count_of inline
        target = code & PILE_MASK
        count = code >> COUNT_SHIFT
        if source == STOCK:
            stock, waste = self.stock, self.waste
            for _ in range(count):
                stock.append(waste.pop())
        elif target == STOCK:
            self._unrecycle()
        else:
            if turned:
                self.down[source - T0].append(self.up[source - T0].pop())
            card = -1  # the card moved back (-1: a run of several, moved back here)
            if count > 1:
                run = self.up[target - T0]
                self.up[source - T0].extend(run[-count:])
                del run[-count:]
            elif target >= T0:
                card = self.up[target - T0].pop()
            else:
                suit = target - F0
                self.foundations[suit] -= 1
                self._home -= 1
                card = SUIT_CARDS[suit][self.foundations[suit]]
            if source == WASTE:
                self.waste.append(card)
            elif source < T0:
                self.foundations[source - F0] += 1
                self._home += 1
            elif card >= 0:
                self.up[source - T0].append(card)
        self.score = previous
        self.moves -= 1
        return code

    def _recycle(self) -> None:
        """Turn the waste over into the empty stock: in the same order, or shuffled as the
        deal number and the pass decide (:func:`~klondike.deal.redeal_permutation`)."""
        self.recycles += 1
        turned = self.waste[::-1]
        if self._shuffle:
            order = redeal_permutation(self.deal, self.recycles, len(turned))
            turned = [turned[k] for k in order]
        self.stock.extend(turned)
        self.waste.clear()

    def _unrecycle(self) -> None:
        """Undo :meth:`_recycle`: the waste exactly as it was."""
        turned = self.stock[:] if self._shuffle else self.stock
        if self._shuffle:
            for k, origin in enumerate(redeal_permutation(self.deal, self.recycles, len(turned))):
                turned[origin] = self.stock[k]
        self.waste.extend(turned[::-1])
        self.stock.clear()
        self.recycles -= 1

    def _fly(self) -> tuple[Flight, ...]:
        """Send every playable Ace (waste top, column tops) to its foundation, chained: an
        Ace uncovered by a flight flies too. The waste first, then the columns left to right.
        """
        flights: list[Flight] = []
        waste, up, down, found = self.waste, self.up, self.down, self.foundations
        found_points, turn_points = self._points[0], self._points[2]
        while True:
            if waste and RANK[waste[-1]] == 1:
                suit = SUIT[waste.pop()]
                found[suit] = 1
                self._home += 1
                self.score += found_points
                flights.append((move_code(WASTE, F0 + suit), False))
                continue
            for i in range(7):
                run = up[i]
                if run and RANK[run[-1]] == 1:
                    suit = SUIT[run.pop()]
                    found[suit] = 1
                    self._home += 1
                    turned = not run and bool(down[i])
                    if turned:
                        run.append(down[i].pop())
                    self.score += found_points + (turn_points if turned else 0)
                    flights.append((move_code(T0 + i, F0 + suit), turned))
                    break
            else:
                return tuple(flights)

    def _land(self, flights: tuple[Flight, ...]) -> None:
        """Undo :meth:`_fly`: each Ace back where it flew from (the score is the caller's)."""
        for code, turned in reversed(flights):
            source, suit = source_of(code), target_of(code) - F0
            self.foundations[suit] = 0
            self._home -= 1
            if source == WASTE:
                self.waste.append(card(suit, 1))
            else:
                run = self.up[source - T0]
                if turned:
                    self.down[source - T0].append(run.pop())
                run.append(card(suit, 1))

    def play(self, move: object) -> Move:
        """Play a move given as text (``'T2-T6'``, ``'W-F'``) or :class:`Move`.

        Returns the canonical move played; raises :class:`IllegalMove` with the reason,
        changing nothing, if it is not legal.
        """
        return self.play_code(self.code_of(move))

    def play_code(self, code: MoveCode) -> Move:
        """Play a legal move code from :meth:`legal_codes` as a new move (nothing is left to
        redo); returns its :class:`Move`. No checks: :meth:`code_of` gives a legal code."""
        self._redo.clear()
        self.push(code)
        return move_of(code)

    def undo(self) -> Move:
        """Take back the last action, score included; returns the move undone.

        >>> Game.from_code("KL1-D1N-AAAAAAG").undo()
        Traceback (most recent call last):
        ...
        klondike.errors.IllegalMove: nothing to undo
        """
        if self._home == DECK_SIZE:  # self.won, inline: undo's path
            raise IllegalMove("won_no_undo")
        floor = self.undo_start
        if len(self.history) <= floor:
            if self.moves:  # older actions lie on the table, beyond the undo limit
                raise IllegalMove("undo_limit", limit=UNDO_LIMIT)
            raise IllegalMove("nothing_to_undo")
        self._floor = floor
        self.undos += 1
        code = self.pop()
        self._redo.append(code)
        return move_of(code)

    def redo(self) -> Move:
        """Play the last undone action again, score included, until a new move is played;
        returns the move.

        >>> g = Game.from_code("KL1-D1N-AAAAAAG")
        >>> g.play("T1-F"), g.undo(), g.redo()
        (Move('T1', 'F3'), Move('T1', 'F3'), Move('T1', 'F3'))
        >>> g.redo()
        Traceback (most recent call last):
        ...
        klondike.errors.IllegalMove: nothing to redo: no action was undone since the last move
        """
        if not self._redo:
            raise IllegalMove("nothing_to_redo")
        code = self._redo.pop()
        self.push(code)
        return move_of(code)

    # ----------------------------------------------------------------- the other rooms

    def unseen_stock(self) -> list[Card]:
        """The stock cards whose order the player has not seen, top last
        (:func:`klondike.information.unseen_stock`)."""
        return information.unseen_stock(self)

    def finish_line(self) -> list[Move] | None:
        """The moves that play the rest home by drawing and putting cards up, once every
        tableau card is face up, or None (:func:`klondike.finish.finish_line`)."""
        return finish.finish_line(self)

    def can_finish(self) -> bool:
        """True if :meth:`finish_line` wins whatever order the unseen stock lies in:
        Finish is offered (:func:`klondike.finish.can_finish`)."""
        return finish.can_finish(self)

    def finish_move(self) -> Move:
        """The next move of the finish line, when :meth:`can_finish`; raises
        :class:`IllegalMove` when there is no finish (:func:`klondike.finish.finish_move`)."""
        return finish.finish_move(self)

    def snapshot(self) -> dict[str, Any]:
        """The whole game as a JSON-ready dict (:func:`klondike.snapshot.snapshot_of`);
        :meth:`from_snapshot` restores it exactly."""
        return snapshot_of(self)

    @classmethod
    def from_snapshot(cls, snapshot: object) -> Game:
        """Restore a game from :meth:`snapshot` (:func:`klondike.snapshot.restore`); raises
        :class:`InvalidSnapshot`."""
        return restore(cls, snapshot)

    def table(self) -> dict[str, Any]:
        """What lies open on the table, by card name; the stock and face-down cards counted
        (:func:`klondike.display.table`)."""
        return display.table(self)

    def __str__(self) -> str:
        """The position as a person reads it in a terminal (:func:`klondike.display.text`)."""
        return display.text(self)

    def drop_targets(self) -> dict[str, list[str]]:
        """For each card a drag may move now, the piles it may be dropped on
        (:func:`klondike.display.drop_targets`)."""
        return display.drop_targets(self)

    def __repr__(self) -> str:
        return f"<Game {self.code} score={self.score} moves={self.moves}>"


give_way_if_stale(globals())  # a compiled copy older than this source runs this source
