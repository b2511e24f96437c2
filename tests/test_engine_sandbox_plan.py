"""What the bwrap plan masks and watches (process_sandbox), read off its arguments: nothing here
starts a sandbox (tests/test_engine_escape_host.py proves the same through the real tools)."""

from __future__ import annotations

from pathlib import Path

from zero_engine.tools.process_sandbox import Plan, bwrap_arguments, create_targets, credential_masks
from zero_engine.tools.sandbox_guard import unix_socket_filter


def _masked(args: list[str]) -> dict[str, str]:
    """path -> how it is masked ("dir 000", "dir 111", "file"), from the plan's arguments."""
    found = {}
    for index, arg in enumerate(args):
        if arg == "--tmpfs" and args[index - 2] == "--perms":
            found[args[index + 1]] = f"dir {args[index - 1]}"
        if arg == "--ro-bind" and args[index + 1] == "/dev/null":
            found[args[index + 2]] = "file"
    return found


def _plan(tmp_path: Path, environ: dict[str, str], version: int = 2) -> Plan:
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    temp = tmp_path / "tmp"
    temp.mkdir(exist_ok=True)
    roots = (str(ws), str(temp))
    return Plan(
        version,
        roots,
        str(ws),
        "",
        environ.get("HOME", ""),
        frozenset({str(temp)}),
        True,
        credential_masks(environ),
    )


def test_zero_config_is_masked_wherever_xdg_config_home_points(tmp_path: Path) -> None:
    layer = tmp_path / "tmp" / "layer" / "xdg"
    (layer / "zero" / "plugins").mkdir(parents=True)
    (layer / "zero" / "token").write_text("secret")
    (layer / "gh").mkdir()
    (layer / "gh" / "hosts.yml").write_text("token")
    home = tmp_path / "home"
    (home / ".config" / "zero").mkdir(parents=True)
    netrc = tmp_path / "elsewhere.netrc"
    netrc.write_text("password x")
    environ = {"HOME": str(home), "XDG_CONFIG_HOME": str(layer), "NETRC": str(netrc)}
    args = bwrap_arguments(_plan(tmp_path, environ))
    masked = _masked(args)
    # Zero's directory, its carve-out bound back read-only; the one under HOME too.
    assert masked[str(layer / "zero")] == "dir 111"
    plugins = str(layer / "zero" / "plugins")
    assert args[args.index(plugins) - 1] == "--ro-bind"
    assert masked[str(home / ".config" / "zero")] == "dir 000"
    assert masked[str(layer / "gh" / "hosts.yml")] == "file"
    assert masked[str(netrc)] == "file"
    # Nothing missing is created just to be masked, except Zero's own directories (at launch).
    assert str(home / ".aws") not in masked


def test_a_credential_variable_naming_a_root_does_not_hide_it(tmp_path: Path) -> None:
    environ = {
        "HOME": str(tmp_path / "home"),
        "CLOUDSDK_CONFIG": str(tmp_path),
        "NETRC": str(tmp_path / "ws"),
    }
    masked = _masked(bwrap_arguments(_plan(tmp_path, environ)))
    assert str(tmp_path) not in masked and str(tmp_path / "ws") not in masked


def test_no_mount_points_outside_the_workspace(tmp_path: Path) -> None:
    """Zero's read-only mount points for a missing .git/hooks and .git/config are made in the
    workspace only; elsewhere the paths are watched, and nothing is created on the host."""
    plan = _plan(tmp_path, {"HOME": str(tmp_path / "home")})
    extra = tmp_path / "extra"
    (extra / ".git").mkdir(parents=True)
    plan = Plan(
        2, (*plan.write_roots, str(extra)), plan.cwd, "", plan.home, plan.temp_roots, True, plan.masks
    )
    args = bwrap_arguments(plan)
    tmpfs = [args[index + 1] for index, arg in enumerate(args) if arg == "--tmpfs"]
    assert tmpfs == [str(tmp_path / "ws" / ".git" / "hooks"), str(tmp_path / "ws" / ".git" / "config")]
    assert sorted(p.name for p in extra.joinpath(".git").iterdir()) == []
    assert not (tmp_path / "tmp" / ".git").exists()
    targets = create_targets(plan)
    for path in (extra / ".git" / "hooks", extra / ".git" / "config", extra / ".git" / "modules"):
        assert str(path) in targets
    # A temp root's `.git` is checked when the command ends (gitlinks.SharedRootRepository).
    assert str(tmp_path / "tmp" / ".git") not in targets


def test_the_filter_is_built_for_both_architectures() -> None:
    """Each architecture's block gained the socketpair test and the keyring calls."""
    for machine in ("x86_64", "aarch64"):
        program = unix_socket_filter(machine)
        assert program is not None and len(program) % 8 == 0
        relaxed = unix_socket_filter(machine, block_unix=False)
        assert relaxed is not None and len(relaxed) < len(program)
    assert unix_socket_filter("riscv64") is None


def test_only_a_repository_at_a_temp_root_is_removed(tmp_path: Path) -> None:
    from zero_engine.tools.gitlinks import SharedRootRepository

    litter = SharedRootRepository.at(str(tmp_path))
    (tmp_path / ".git" / "hooks").mkdir(parents=True)  # what a real Zero leaves in /tmp
    (tmp_path / ".git" / "config").mkdir()
    assert litter.check() == [] and (tmp_path / ".git").is_dir()
    (tmp_path / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    assert litter.check() == [str(tmp_path / ".git")] and not (tmp_path / ".git").exists()
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    assert SharedRootRepository.at(str(tmp_path)).check() == []  # there before: left alone
