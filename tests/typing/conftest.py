# tests/typing/fail must fail mypy; importing it would fail too, so pytest
# (with --doctest-modules) never collects it. tests/test_typing_must_fail.py
# runs mypy on it instead.
collect_ignore = ["fail"]
