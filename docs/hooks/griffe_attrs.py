"""A griffe extension: attrs classes get the constructor attrs writes for them.

mkdocstrings reads the source without importing it, so an ``@attrs.frozen``
or ``@attrs.define`` class has no visible ``__init__`` and its API page
showed the fields but no way to build one. This extension writes that
``__init__`` from the class's annotated fields, in order (inherited attrs
fields first), with their defaults (``= attrs.field(default=…)`` and
``factory=…`` included) and keyword-only fields after ``*``; with the
option ``merge_init_into_class`` the page shows
``CheckResult(success: bool, degree: Degree, …, rolled: bool = True, …)``
above the fields and their docstrings. A leading underscore is dropped from
the parameter's name, as attrs does.
"""

from __future__ import annotations

import ast
from typing import Any, cast

import griffe

_POSITIONAL = cast("griffe.ParameterKind", griffe.ParameterKind.positional_or_keyword)

_DECORATORS = ("attrs.frozen", "attrs.define", "attrs.mutable", "attr.s", "attr.attrs")


def _is_attrs(cls: griffe.Class) -> bool:
    return any(str(d.value).split("(")[0] in _DECORATORS for d in cls.decorators)


def _kw_only(cls: griffe.Class) -> bool:
    return any("kw_only=True" in str(d.value).replace(" ", "") for d in cls.decorators)


def _default(value: object) -> tuple[bool, str | None, bool]:
    """(has a default, its text, init=False) from a field's assigned value."""
    if value is None:
        return False, None, False
    text = str(value)
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return True, text, False
    if isinstance(node, ast.Call) and ast.unparse(node.func) in (
        "attrs.field",
        "attr.ib",
        "field",
    ):
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        init = keywords.get("init")
        if isinstance(init, ast.Constant) and init.value is False:
            return False, None, True
        if "default" in keywords:
            return True, ast.unparse(keywords["default"]), False
        if "factory" in keywords:
            return True, f"{ast.unparse(keywords['factory'])}()", False
        return False, None, False
    return True, text, False


def _fields(cls: griffe.Class) -> list[griffe.Parameter]:
    params: list[griffe.Parameter] = []
    try:
        bases = list(cls.resolved_bases)
    except Exception:  # noqa: BLE001 - a base griffe cannot resolve (yet)
        bases = []
    for base in bases:
        if isinstance(base, griffe.Class) and _is_attrs(base):
            params.extend(_fields(base))
    kw_only = _kw_only(cls)
    for member in cls.members.values():
        if not isinstance(member, griffe.Attribute) or member.annotation is None:
            continue
        if "property" in member.labels:
            continue
        if (
            "class-attribute" in member.labels
            and "instance-attribute" not in member.labels
        ):
            continue
        if str(member.annotation).startswith(("ClassVar", "typing.ClassVar")):
            continue
        has_default, default, no_init = _default(member.value)
        if no_init:
            continue
        kind = (
            griffe.ParameterKind.keyword_only
            if kw_only
            else griffe.ParameterKind.positional_or_keyword
        )
        params = [p for p in params if p.name != member.name.lstrip("_")]
        params.append(
            griffe.Parameter(
                member.name.lstrip("_"),
                annotation=member.annotation,
                kind=cast("griffe.ParameterKind", kind),
                default=default if has_default else None,
                docstring=member.docstring,
            )
        )
    return params


def _classes(obj: griffe.Object) -> list[griffe.Class]:
    found: list[griffe.Class] = []
    for member in obj.members.values():
        if member.is_alias:
            continue
        if isinstance(member, griffe.Class):
            found.append(member)
            found.extend(_classes(member))
        elif isinstance(member, griffe.Module):
            found.extend(_classes(member))
    return found


def _add_init(cls: griffe.Class) -> None:
    if "__init__" in cls.members or not _is_attrs(cls):
        return
    init = griffe.Function(
        "__init__",
        parameters=griffe.Parameters(
            griffe.Parameter("self", kind=_POSITIONAL),
            *_fields(cls),
        ),
        returns="None",
        lineno=cls.lineno,
        endlineno=cls.lineno,
    )
    cls.set_member("__init__", init)


class AttrsInit(griffe.Extension):
    """Add the attrs-generated ``__init__`` to attrs classes."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Once a package is loaded (bases resolvable), write each ``__init__``."""
        for cls in _classes(pkg):
            _add_init(cls)
