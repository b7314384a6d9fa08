"""Colour allocation shared by the FIDE systems (C.04.3 (2026) art. 5.2; 2017 E.1-E.5).

The rules, applied in order to each pair until one decides:

1. grant both preferences (5.2.1);
2. grant the stronger preference; two absolute ones: the wider colour
   difference (5.2.2);
3. alternate relative to the latest round in which the two had different
   colours, on the played-games sequence (5.2.3, GHR 3.4);
4. grant the higher-ranked participant's preference (5.2.4);
5. the higher-ranked participant gets the initial colour when its TPN is odd,
   the other colour when even (5.2.5).
"""

from __future__ import annotations

from swisspair.model import Colour
from swisspair.pairing.state import PlayerState

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


def preferences_compatible(first: Colour, second: Colour) -> bool:
    """Both preferences can be granted at once (different, or one of them none)."""
    return first is not second or first is Colour.NONE or second is Colour.NONE


def latest_colour_difference(player: PlayerState, opponent: PlayerState) -> tuple[Colour, Colour]:
    """The colours of both in the latest round where they differed (art. 5.2.3).

    Played games only, aligned from the most recent one.
    """
    mine = [r.colour for r in player.records if r.played]
    theirs = [r.colour for r in opponent.records if r.played]
    i, j = len(mine) - 1, len(theirs) - 1
    while i >= 0 and j >= 0 and mine[i] is theirs[j]:
        i -= 1
        j -= 1
    return (mine[i] if i >= 0 else Colour.NONE, theirs[j] if j >= 0 else Colour.NONE)


def neutral_colour(player: PlayerState, opponent: PlayerState) -> Colour:
    """The colour for ``player`` from rules 5.2.1-5.2.3, or NONE if they do not decide."""
    mine, theirs = player.colour_preference, opponent.colour_preference
    if preferences_compatible(mine, theirs):
        if mine is not Colour.NONE:
            return mine
        if theirs is not Colour.NONE:
            return theirs.opposite
        return Colour.NONE
    if player.absolute_preference and (
            player.colour_imbalance > opponent.colour_imbalance or not opponent.absolute_preference):
        return mine
    if opponent.absolute_preference and (
            opponent.colour_imbalance > player.colour_imbalance or not player.absolute_preference):
        return theirs.opposite
    if player.strong_preference and not opponent.strong_preference:
        return mine
    if opponent.strong_preference and not player.strong_preference:
        return theirs.opposite
    mine_then, theirs_then = latest_colour_difference(player, opponent)
    if mine_then is not Colour.NONE and theirs_then is not Colour.NONE:
        return theirs_then
    return Colour.NONE


def allocate_colour(player: PlayerState, opponent: PlayerState, initial: Colour,
                    ranks_lower: Callable[[PlayerState, PlayerState], bool]) -> Colour:
    """The colour ``player`` gets against ``opponent`` (C.04.3 (2026) art. 5.2).

    :param ranks_lower: ``ranks_lower(a, b)`` is true when ``a`` ranks below ``b``
        (art. 1.2 order: score, then TPN).
    """
    colour = neutral_colour(player, opponent)
    if colour is not Colour.NONE:
        return colour
    if ranks_lower(player, opponent):
        # 5.2.4 / 5.2.5 decided by the opponent, the higher-ranked one.
        if player.colour_preference is not Colour.NONE:
            return opponent.colour_preference.opposite
        return initial if opponent.rank_index % 2 else initial.opposite
    if player.colour_preference is not Colour.NONE:
        return player.colour_preference
    return initial.opposite if player.rank_index % 2 else initial


def colour_criteria(player: PlayerState, opponent: PlayerState) -> tuple[bool, bool, bool, bool]:
    """Which colour criteria a pair meets, for the Dutch weights (FIDE C.04.3).

    The four flags, in priority order (2026 C10-C13; 2017 C.8-C.11):

    1. no ``|CD| > 2`` for either: not both with an absolute imbalance towards the same colour;
    2. no third same colour in a row for either (with two equal absolute
       preferences, the one with the wider difference gets its colour, so it
       fails only when the other one has just played that colour twice);
    3. both colour preferences can be granted;
    4. both strong preferences can be granted.

    The result does not depend on the order of the two participants.
    """
    mine, theirs = player.colour_preference, opponent.colour_preference
    both_absolute = player.absolute_preference and opponent.absolute_preference
    no_imbalance = not player.absolute_imbalance or not opponent.absolute_imbalance or mine is not theirs
    if not both_absolute or mine is not theirs:
        no_third = True
    elif player.colour_imbalance == opponent.colour_imbalance:
        no_third = player.repeated_colour is Colour.NONE or player.repeated_colour is not opponent.repeated_colour
    else:
        narrower = opponent if player.colour_imbalance > opponent.colour_imbalance else player
        no_third = narrower.repeated_colour is not mine.opposite
    granted = preferences_compatible(mine, theirs)
    strong_granted = ((not player.strong_preference and not player.absolute_preference)
                      or (not opponent.strong_preference and not opponent.absolute_preference)
                      or both_absolute or mine is not theirs)
    return no_imbalance, no_third, granted, strong_granted
