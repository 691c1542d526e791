"""Issue 19: the metadata reader gives what ``importlib.metadata`` gives.

``rollwerk._metadata`` reads entry points and versions from the folders on
``sys.path`` without importing ``importlib.metadata``; these tests compare
both over every installed distribution and over made-up ``*.dist-info`` and
``*.egg-info`` folders (duplicates, odd names, comments, missing files).
"""

from __future__ import annotations

import importlib
import sys
import warnings
from importlib import metadata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rollwerk._metadata import distribution_version, read_entry_points


def _same(groups: list[str]) -> None:
    ours = [(e.name, e.value, e.group, e.dist.name) for e in read_entry_points(groups)]
    with warnings.catch_warnings():
        # Python 3.12+ warns when a made-up METADATA has no Name header
        # ("Implicit None on return values is deprecated"); the reference's
        # warning is not what is compared here.
        warnings.simplefilter("ignore", DeprecationWarning)
        theirs = [
            (e.name, e.value, e.group, e.dist.name if e.dist else None)
            for g in groups
            for e in metadata.entry_points(group=g)
        ]
    assert ours == theirs


def _installed_groups() -> list[str]:
    groups = {ep.group for d in metadata.distributions() for ep in d.entry_points}
    return sorted(groups)


@pytest.mark.parametrize("group", _installed_groups())
def test_perf_every_installed_group_reads_as_importlib_metadata(group: str) -> None:
    _same([group])


def test_perf_the_plugin_groups_read_together() -> None:
    _same(["rollwerk", "rollwerk.rulesets", "console_scripts"])


@pytest.mark.parametrize(
    "name",
    sorted({d.metadata["Name"] for d in metadata.distributions()}),
)
def test_perf_every_installed_version_reads_as_importlib_metadata(name: str) -> None:
    assert distribution_version(name) == metadata.version(name)


def test_perf_a_missing_distribution_is_package_not_found() -> None:
    with pytest.raises(metadata.PackageNotFoundError):
        distribution_version("no-such-distribution-installed")


_names = st.sampled_from(["Toy", "toy", "toy_plugin", "Toy.Plugin", "toy--plugin"])
_folders = st.tuples(
    _names,
    st.sampled_from(["1.0", "2.0.dev1", ""]),
    st.sampled_from([".dist-info", ".egg-info"]),
)
_lines = st.lists(
    st.sampled_from(
        [
            "[rollwerk]",
            "[rollwerk.rulesets]",
            "[console_scripts]",
            "toy = toy.plugin",
            "  spaced   =   toy.spaced:attr  ",
            "# a comment",
            "",
            "other=toy.other [extra]",
        ]
    ),
    max_size=8,
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    layout=st.lists(
        st.tuples(
            st.sampled_from([0, 1]),
            _folders,
            _lines,
            st.sampled_from(["Name: {name}\n", "Name:   {name}  \n", "Version: 1\n"]),
        ),
        max_size=5,
    )
)
def test_perf_made_up_folders_read_as_importlib_metadata(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    layout: list[tuple[int, tuple[str, str, str], list[str], str]],
) -> None:
    base = tmp_path_factory.mktemp("site")
    roots = [base / "a", base / "b"]
    for root in roots:
        root.mkdir()
    for where, (name, version, suffix), lines, header in layout:
        stem = f"{name}-{version}" if version else name
        folder = roots[where] / f"{stem}{suffix}"
        if folder.exists():
            continue
        folder.mkdir()
        meta = "METADATA" if suffix == ".dist-info" else "PKG-INFO"
        (folder / meta).write_text(
            "Metadata-Version: 2.1\n" + header.format(name=name) + "\n",
            encoding="utf-8",
        )
        if lines:
            (folder / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(r) for r in roots])
    importlib.invalidate_caches()
    _same(["rollwerk", "rollwerk.rulesets", "console_scripts"])


def test_perf_a_zip_on_the_path_is_left_to_importlib_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import zipfile

    archive = tmp_path / "plugins.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped-1.0.dist-info/METADATA", "Name: zipped\nVersion: 1.0\n\n")
        z.writestr("zipped-1.0.dist-info/entry_points.txt", "[rollwerk]\nz = zipped\n")
    monkeypatch.setattr(sys, "path", [str(archive)])
    importlib.invalidate_caches()
    (ep,) = read_entry_points(["rollwerk"])
    assert (ep.name, ep.value, ep.dist.name) == ("z", "zipped", "zipped")
    assert distribution_version("zipped") == "1.0"
