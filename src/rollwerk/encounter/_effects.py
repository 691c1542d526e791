"""Effects: what holds on a target for a while, and the modifiers in force.

How they stack is a ruleset's [`StackingPolicy`][rollwerk.encounter.StackingPolicy]
(in ``_stacking``, which a ruleset loads without this module).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from rollwerk._jsonutil import (
    argument,
    array,
    check,
    document,
    known,
    member,
    nested,
    obj,
    strict,
)
from rollwerk._repr import value_repr
from rollwerk.checks._model import Modifier, Scalar
from rollwerk.encounter._durations import (
    DurationDecoder,
    duration_from_json,
    json_required,
)
from rollwerk.encounter._protocol import Duration, checked_duration
from rollwerk.encounter._stacking import StackingPolicy, modifier_kind
from rollwerk.encounter._view import EncounterView
from rollwerk.encounter._wording import (
    checked_names,
    checked_state,
    describe_duration,
    describe_remaining,
    names_of,
)
from rollwerk.errors import ParameterError, SchemaError
from rollwerk.i18n import CORE, Catalog, Text
from rollwerk.i18n._catalog import one_catalog, preferred

__all__ = [
    "ActiveEffect",
    "Effect",
    "modifiers_in_force",
]


@runtime_checkable
class Effect(Protocol):
    """Something that holds on a target for a while (PF2E-R01).

    It may contribute [`Modifier`][rollwerk.checks.Modifier]s and impose a condition
    label. Any object with these properties can be added to an encounter with
    [`Encounter.apply_effect`][rollwerk.encounter.Encounter.apply_effect]; the
    encounter stores it as an [`ActiveEffect`][rollwerk.encounter.ActiveEffect].
    """

    @property
    def name(self) -> str:
        """The effect's name (``"Bless"``, ``"cooldown: Feuerstrahl"``)."""
        ...

    @property
    def source(self) -> str:
        """The id of the combatant that created it."""
        ...

    @property
    def target(self) -> str:
        """The id of the combatant it holds on."""
        ...

    @property
    def duration(self) -> Duration:
        """When it ends."""
        ...

    @property
    def modifiers(self) -> Sequence[Modifier]:
        """The modifiers it contributes to its target while it lasts."""
        ...

    @property
    def condition(self) -> str | None:
        """A condition label it imposes (``"frightened"``), if any."""
        ...


def _modifiers(value: Iterable[Modifier]) -> tuple[Modifier, ...]:
    if isinstance(value, (str, Mapping, Modifier)) or not isinstance(value, Iterable):
        raise ParameterError(
            "modifiers", value, "an iterable of rollwerk.checks.Modifier values"
        )
    result = tuple(value)
    for m in result:
        if not isinstance(m, Modifier):
            raise ParameterError("modifiers", m, "rollwerk.checks.Modifier values")
    return result


def _data(
    value: Mapping[str, Scalar] | Iterable[tuple[str, Scalar]],
) -> tuple[tuple[str, Scalar], ...]:
    # what effect JSON holds (string keys, scalar values), so that an
    # encounter's state loads back
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, str) or not isinstance(value, Iterable):
        raise ParameterError(
            "data", value, "a mapping of strings to JSON scalars, or None"
        )
    else:
        items = list(value)
        for item in items:
            if not isinstance(item, tuple) or len(item) != 2:
                raise ParameterError(
                    "data", value, "a mapping of strings to JSON scalars, or None"
                )
    for key, scalar in items:
        argument("data key", key, "str")
        argument(f"data[{key!r}]", scalar, "scalar")
    keys = [key for key, _ in items]
    if len(set(keys)) != len(keys):
        raise ParameterError("data", value, "pairs with different names")
    return tuple(sorted(items))


def modifier_to_json(modifier: Modifier) -> dict[str, Any]:
    """Plain JSON of a modifier: ``{"amount", "source", "kind"}``."""
    return {"amount": modifier.amount, "source": modifier.source, "kind": modifier.kind}


def modifier_from_json(data: Mapping[str, Any]) -> Modifier:
    """Load what `modifier_to_json` wrote.

    Raises:
        SchemaError: The document is malformed (the message names the field).
    """
    with document("modifier"):
        data = obj(data)
        known(data, ("amount", "source", "kind"))
        json_required(data, "amount", "an integer from -2**63 to 2**63 - 1")
        json_required(data, "source", "a string")
        return Modifier(
            strict(data, "amount", "int"),
            strict(data, "source", "str"),
            strict(data, "kind", "str", "check"),
        )


_EFFECT_FIELDS = (
    "id",
    "name",
    "source",
    "target",
    "duration",
    "modifiers",
    "condition",
    "data",
)


_REQUIRED = (
    ("id", "a non-empty string"),
    ("name", "a non-empty string"),
    ("source", "a non-empty string"),
    ("target", "a string"),
    ("duration", "an object with a kind"),
)
"""The fields an effect's JSON must have, and what each may hold."""


@attrs.frozen(init=False)
class ActiveEffect:
    """An effect as an encounter holds it: with an id and a bound duration.

    It satisfies the [`Effect`][rollwerk.encounter.Effect] protocol. Its duration is
    bound (absolute ends filled in); ask the encounter what remains with
    [`Encounter.remaining`][rollwerk.encounter.Encounter.remaining].
    """

    # The constructor is written out rather than made by attrs from
    # converters: pyright types a converter's field as a descriptor that no
    # protocol property matches, so an ActiveEffect would not be an Effect
    # to pyright users (mypy accepts both).

    __repr__ = value_repr

    id: str
    """Unique within the encounter (``"e1"``, ``"e2"``… unless given)."""
    name: str
    """The effect's name."""
    source: str
    """The id of the combatant that created it."""
    target: str
    """The id of the combatant it holds on."""
    duration: Duration
    """When it ends (bound)."""
    modifiers: tuple[Modifier, ...] = ()
    """The modifiers it contributes to its target."""
    condition: str | None = None
    """A condition label it imposes, if any."""
    data: tuple[tuple[str, Scalar], ...] = ()
    """Ruleset-specific facts as sorted ``(name, JSON scalar)`` pairs."""

    def __init__(  # noqa: PLR0917 - positional, as attrs' constructor was
        self,
        id: str,
        name: str,
        source: str,
        target: str,
        duration: Duration,
        modifiers: Iterable[Modifier] = (),
        condition: str | None = None,
        data: Mapping[str, Scalar] | Iterable[tuple[str, Scalar]] = (),
    ) -> None:
        """An effect with its id; ``modifiers`` become a tuple, ``data`` sorted pairs.

        Raises:
            ParameterError: A field that effect JSON could not hold.
        """
        modifiers = _modifiers(modifiers)
        data = _data(data)
        for field, value in (
            ("id", id),
            ("name", name),
            ("source", source),
            ("target", target),
            ("duration", duration),
            ("modifiers", modifiers),
            ("condition", condition),
            ("data", data),
        ):
            object.__setattr__(self, field, value)
        # what effect JSON holds, so that an encounter's state loads back
        for field in ("id", "name", "source", "target"):
            argument(field, getattr(self, field), "str")
        argument("condition", self.condition, "str|null")
        checked_duration(self.duration)

    def datum(self, name: str, default: Scalar = None) -> Scalar:
        """The value of one ``data`` entry, or ``default``."""
        return dict(self.data).get(name, default)

    def describe(
        self,
        lang: str = "en",
        catalogs: Catalog | Iterable[Catalog] | None = None,
        *,
        state: EncounterView | None = None,
        names: Mapping[str, str] | None = None,
    ) -> str:
        """The effect in words: name, target, source, modifiers and duration.

        Without ``state`` the duration is described as bound ("Bless on
        Kyra from Valeros (+1 status): 1 round, counted at the start of
        Valeros' turns"); with the encounter as ``state`` it says what
        remains ("…: 1 round left, ends at the start of Valeros' turn in
        round 2"). Names default to those of ``state``'s combatants, else
        the ids.

        Args:
            lang: A language the catalogs know (``"en"``, ``"de"``…).
            catalogs: A further catalog or an iterable of them, searched
                first, in order (a plugin's words for its duration kinds
                come with the plugin's own texts).
            state: The encounter the effect is active in, for what remains.
            names: Display names by combatant id.

        Raises:
            ParameterError: ``state`` is neither ``None`` nor an encounter
                state, no catalog knows ``lang``, or ``catalogs`` is not a
                catalog, an iterable of catalogs or ``None``.
        """
        if state is not None:
            checked_state(state)
        catalogs = one_catalog(catalogs)
        if checked_names(names) is None and state is not None:
            names = names_of(state)
        shown = {} if names is None else names
        if state is None:
            duration = describe_duration(self.duration, lang, catalogs, names=names)
        else:
            duration = describe_remaining(
                self.duration, state, lang, catalogs, names=names
            )
        cats = () if catalogs is None else (catalogs,)
        notes = [_modifier_text(m).render(lang, cats) for m in self.modifiers]
        if self.condition is not None:
            notes.append(effect_word("condition", self.condition).render(lang, cats))
        return CORE.text(
            "effect.describe",
            name=effect_word("effect.name", self.name),
            target=shown.get(self.target, self.target),
            source=shown.get(self.source, self.source),
            details=f" ({', '.join(notes)})" if notes else "",
            duration=duration,
        )(lang, catalogs)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (the duration by its ``to_json``)."""
        return {
            "id": self.id,
            "name": self.name,
            "source": self.source,
            "target": self.target,
            "duration": self.duration.to_json(),
            "modifiers": [modifier_to_json(m) for m in self.modifiers],
            "condition": self.condition,
            "data": dict(self.data),
        }

    @classmethod
    def from_json(
        cls, data: Mapping[str, Any], kinds: Mapping[str, DurationDecoder] | None = None
    ) -> ActiveEffect:
        """Load what [`to_json`][rollwerk.encounter.ActiveEffect.to_json] wrote.

        ``kinds`` adds decoders of plugin duration kinds, as in
        [`duration_from_json`][rollwerk.encounter.duration_from_json].
        """
        with document("effect"):
            data = obj(data)
            known(data, _EFFECT_FIELDS)
            for key, allowed in _REQUIRED:
                json_required(data, key, allowed)
            modifiers = []
            for i, m in enumerate(array(data, "modifiers", [])):
                with nested(f"modifiers[{i}]"):
                    modifiers.append(modifier_from_json(m))
            raw = strict(data, "duration", "object")
            with nested("duration"):
                duration = duration_from_json(raw, kinds)
            facts = strict(data, "data", "object", {})
            with nested("data"):
                facts = {k: check(v, "scalar", member(k)) for k, v in facts.items()}
            for key in ("id", "name", "source"):  # add_effect refuses ""
                value = data[key]
                if value.__class__ is not str or not value:
                    raise SchemaError.field(key, "a non-empty string", value)
            if data.get("condition") == "":
                raise SchemaError.field(
                    "condition", "a non-empty string or null", data["condition"]
                )
            return cls(
                id=strict(data, "id", "str"),
                name=strict(data, "name", "str"),
                source=strict(data, "source", "str"),
                target=strict(data, "target", "str"),
                duration=duration,
                modifiers=tuple(modifiers),
                condition=strict(data, "condition", "str|null", None),
                data=facts,
            )


def modifiers_in_force(
    effects: Iterable[Effect],
    target: str,
    policy: StackingPolicy | None = None,
    kind: str | None = None,
) -> tuple[Modifier, ...]:
    """The modifiers the ``effects`` contribute to ``target``, after stacking.

    Args:
        effects: Effects in the order they were added.
        target: The combatant id.
        policy: The stacking policy (default: everything sums).
        kind: Only modifiers of this kind (``None``: all kinds).

    Raises:
        ParameterError: ``effects`` is not an iterable of effects, ``target``
            is not a string, ``policy`` is neither a StackingPolicy nor
            ``None``, or ``kind`` is neither a string nor ``None``.
    """
    modifier_kind(kind)
    if not isinstance(target, str):
        raise ParameterError("target", target, "a combatant id (a string)")
    if isinstance(effects, (str, bytes)) or not isinstance(effects, Iterable):
        raise ParameterError("effects", effects, "an iterable of effects")
    policy = StackingPolicy() if policy is None else policy
    if not isinstance(policy, StackingPolicy):
        raise ParameterError("policy", policy, "a StackingPolicy or None")
    mods: list[Modifier] = []
    for e in effects:
        modifiers = getattr(e, "modifiers", None)
        if modifiers is None or not hasattr(e, "target"):
            raise ParameterError(
                "effects", e, "effects (Effect or ActiveEffect), one by one"
            )
        if e.target == target:
            mods.extend(modifiers)
    return tuple(m for m in policy.combine(mods) if kind is None or m.kind == kind)


def effect_word(kind: str, value: str) -> Text:
    """An effect's name or condition in words: message ``<kind>.<value>``.

    ``kind`` is ``"effect.name"`` or ``"condition"``. A catalog passed to
    ``describe`` (or to an event's ``describe``) may word a name or a
    condition (``effect.name.aether lockout``: *Aetherkarenz*); one that no
    catalog words shows as it is written.
    """
    return preferred(
        Text(f"{kind}.{value}", {}, CORE), CORE.text("effect.as_written", text=value)
    )


def _modifier_text(modifier: Modifier) -> Text:
    """``+1 status``: the amount and the kind's word, message ``modifier.<kind>``.

    The core words the common kinds; a catalog passed to ``describe`` may
    word others (or reword these). A kind no catalog words shows as it is.
    """
    amount = f"{modifier.amount:+d}"
    return preferred(
        CORE.text(
            "effect.modifier",
            amount=amount,
            kind=Text(f"modifier.{modifier.kind}", {}, CORE),
        ),
        CORE.text("effect.modifier", amount=amount, kind=modifier.kind),
    )
