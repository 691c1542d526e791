"""Hypothesis strategies for rollwerk objects, named as hypothesis names its own.

>>> from hypothesis import given
>>> from rollwerk.testing import strategies as rst
>>> from rollwerk.testing.examples import ToyRuleset
>>> @given(check=rst.checks(ToyRuleset(), check="pool"), rng=rst.rngs())
... def test_in_support(check, rng):
...     assert check.resolve(rng).outcome() in check.outcomes()
>>> test_in_support()
"""

from __future__ import annotations

from hypothesis import reject
from hypothesis import strategies as st

from rollwerk.checks._model import Check, Scalar
from rollwerk.checks._parameters import CheckSpec, Parameter
from rollwerk.checks._requests import find_spec
from rollwerk.errors import ParameterError, RollwerkError
from rollwerk.rng import SeededRng
from rollwerk.rulesets import Ruleset

__all__ = ["checks", "parameter_values", "parameters", "rngs", "seeds"]

_MAX_SEED = 2**32 - 1


def seeds(*, min_value: int = 0, max_value: int = _MAX_SEED) -> st.SearchStrategy[int]:
    """Seeds for [`SeededRng`][rollwerk.rng.SeededRng], from 0 to 2³² − 1 by default."""
    return st.integers(min_value=min_value, max_value=max_value)


_all_seeds = seeds


def rngs(
    *, seeds: st.SearchStrategy[int] | None = None
) -> st.SearchStrategy[SeededRng]:
    """Fresh seeded Rngs; each shrinks towards seed 0.

    Args:
        seeds: The strategy the seeds come from (default
            [`seeds()`][rollwerk.testing.strategies.seeds]).
    """
    if seeds is not None and not isinstance(seeds, st.SearchStrategy):
        raise ParameterError(
            "seeds", seeds, "a hypothesis strategy of integers or None"
        )
    return (seeds if seeds is not None else _all_seeds()).map(SeededRng)


def parameter_values(parameter: Parameter) -> st.SearchStrategy[Scalar]:
    """The allowed values of one declared parameter.

    Integers from ``min_value`` to ``max_value`` (unbounded sides are left
    open, as `hypothesis.strategies.integers` does), booleans, or one of the
    ``choices`` (any text if a ``str`` parameter declares none).

    Raises:
        ParameterError: ``parameter`` is not a `Parameter`.
    """
    if not isinstance(parameter, Parameter):
        raise ParameterError("parameter", parameter, "a Parameter")
    if parameter.type is bool:
        return st.booleans()
    if parameter.type is str:
        if parameter.choices:
            return st.sampled_from(parameter.choices)
        return st.text(max_size=20)
    if parameter.choices:  # a Parameter keeps its choices within its bounds
        return st.sampled_from(list(parameter.choices))
    return st.integers(min_value=parameter.min_value, max_value=parameter.max_value)


def parameters(spec: CheckSpec) -> st.SearchStrategy[dict[str, Scalar]]:
    """Complete keyword parameters for ``spec``, drawn across the declared ranges.

    Every declared parameter gets a value (defaults are not special); the
    result can be passed to ``spec.build(**params)``.

    Raises:
        ParameterError: ``spec`` is not a check spec (it has no
            ``parameters``).
    """
    if not isinstance(getattr(spec, "parameters", None), (tuple, list)):
        raise ParameterError("spec", spec, "a check spec (ruleset.checks() gives them)")
    return st.fixed_dictionaries({p.name: parameter_values(p) for p in spec.parameters})


@st.composite
def _checks(draw: st.DrawFn, ruleset: Ruleset | str, check: str | None) -> Check:
    rs = _lookup(ruleset)
    specs = list(rs.checks())
    spec = draw(st.sampled_from(specs)) if check is None else find_spec(rs, check)
    params = draw(parameters(spec))
    try:
        return spec.build(**params)
    except RollwerkError:
        reject()


def _lookup(ruleset: Ruleset | str) -> Ruleset:
    if isinstance(ruleset, str):
        from rollwerk.plugins._registry import get_registry

        return get_registry().ruleset(ruleset)
    return ruleset


def checks(
    ruleset: Ruleset | str, *, check: str | None = None
) -> st.SearchStrategy[Check]:
    """Checks of ``ruleset`` built from parameters drawn across the declared ranges.

    Args:
        ruleset: A ruleset, or the id of an installed one (looked up in
            [`get_registry()`][rollwerk.plugins.get_registry] when the first
            value is drawn).
        check: The name of one check spec; ``None`` draws from all of them.

    Parameter sets the ruleset refuses to build (a `RollwerkError` from its
    factory) are rejected, so they are never drawn.

    Raises:
        ParameterError: ``ruleset`` is neither a ruleset nor a string, or
            ``check`` is neither a string nor ``None``.
    """
    if not isinstance(ruleset, str) and not callable(getattr(ruleset, "checks", None)):
        raise ParameterError(
            "ruleset", ruleset, "a ruleset or the id of an installed one (a string)"
        )
    if check is not None and not isinstance(check, str):
        raise ParameterError("check", check, "a check name (a string) or None")
    return _checks(ruleset, check)
