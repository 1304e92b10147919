"""`make mutation`: mutation testing of the BFF's rules that decide money, stock, order state,
payment verification and sessions (mutmut), then of the browser's shared rules (Stryker, see
stryker.config.json). Prints each module's score and every mutant that survived; slow, so it is
not part of `make test`.

Each module has its own folder, var/mutation/<name>/, where mutmut copies the code, makes small
changes one at a time (`<` for `<=`, a constant off by one, a condition dropped...) and runs, for
each, only those tests of the module's list in MODULES below that ran the function changed (it
records which at the start). A mutant the tests fail on is killed; one they pass survived: a
change in behaviour no test noticed, or an equivalent mutant (the same behaviour written
differently), which is said in a comment beside the code.

    .venv/bin/python scripts/mutation.py                 # every module, then Stryker
    .venv/bin/python scripts/mutation.py pricing stock   # some modules (their names below)
    .venv/bin/python scripts/mutation.py --report        # the table of the last run, no run
    .venv/bin/python scripts/mutation.py --fresh ...     # forget earlier results first
    .venv/bin/python scripts/mutation.py --survivors ... # only the mutants not killed last time

Each run tries every mutant of the modules named again (results: var/mutation/<name>/). Runs
under `nice` with one worker (MUTATION_WORKERS; the machine is shared); one module at a time.
"""

import argparse
import fnmatch
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "var" / "mutation"
MUTMUT = ROOT / ".venv" / "bin" / "mutmut"


@dataclass(frozen=True)
class Module:
    name: str
    path: str  # the file mutated
    tests: tuple[str, ...]  # the tests that may kill its mutants
    functions: tuple[str, ...] = ("*",)  # which of its functions (mutmut's names: x_<function>)

    @property
    def dotted(self) -> str:
        return self.path.removesuffix(".py").replace("/", ".")

    def patterns(self) -> list[str]:
        """mutmut's filters (fnmatch on mutant and function names: each ends in *)."""
        return [f"{self.dotted}.{f}*" if f != "*" else f"{self.dotted}.*" for f in self.functions]

    def owns(self, mutant: str) -> bool:
        return any(fnmatch.fnmatchcase(mutant, p) for p in self.patterns())


T = "bff/tests/"
MODULES = (
    # Money: what a unit costs, its yuan, what a yuan payment charges and refunds, shipping fees.
    Module(
        "pricing",
        "bff/pricing/rules.py",
        (T + "pricing/test_pricing_rules.py", T + "pricing/test_yuan_rules.py"),
    ),
    Module(
        "charges",
        "bff/payments/charges.py",
        (T + "pricing/test_yuan_rules.py", T + "payments/test_yuan_refund_parts.py"),
    ),
    Module(
        "shipping",
        "bff/shipping/rules.py",
        (T + "shipping/test_rules.py", T + "shipping/test_rules_edges.py"),
    ),
    # Stock: the ledger's conditional updates, adjustments, orders taking and returning units.
    Module(
        "stock",
        "bff/catalog/stock.py",
        (
            T + "catalog/test_stock_edges.py",
            T + "catalog/test_stock_ledger.py",
            T + "catalog/test_stock_ledger_edges.py",
            T + "orders/test_checkout_edges.py",
        ),
        ("x__change", "x_take_for_order", "x_return_for_order", "x_adjust"),
    ),
    # Order state: the transition table and the one function that applies a step; the release.
    Module(
        "transitions",
        "bff/orders/transitions.py",
        (
            T + "orders/test_order_state_table.py",
            T + "orders/test_admin_transitions.py",
            T + "orders/test_transition_edges.py",
        ),
        ("x_next_status", "x_allowed_actions", "x_apply"),
    ),
    Module(
        "orders",
        "bff/orders/services.py",
        (
            T + "orders/test_release_edges.py",
            T + "orders/test_checkout_edges.py",
            T + "orders/test_order_state_table.py",
            T + "orders/test_orders.py",
            T + "orders/test_payment_claims.py",
            # Another member's or shop's order is not theirs to cancel (cancel_order).
            T + "orders/test_order_history.py",
            # A cancelled order gives its discount code's use back (_cancel).
            T + "promotions/test_checkout.py",
        ),
        (
            "x__merged_items",
            "x__price_lines",
            "x__check_amounts",
            "x__cancel",
            "x_cancel_order",
            "x_release_unpaid_orders",
        ),
    ),
    # Payment verification: signatures, the time window, the amount compared exactly, applied once.
    Module(
        "signing",
        "bff/payments/signing.py",
        (
            T + "payments/test_signing.py",
            T + "payments/test_signing_edges.py",
            T + "payments/test_payments.py",
        ),
    ),
    Module(
        "wechat_notify",
        "bff/payments/providers/wechat_pay.py",
        (
            T + "payments/test_wechat_notification_checks.py",
            T + "payments/test_wechat_timestamp_window.py",
            T + "payments/test_wechat_pay.py",
        ),
        (
            "xǁWechatPayProviderǁ_verified",
            "xǁWechatPayProviderǁparse_notification",
            "xǁWechatPayProviderǁ_event",
        ),
    ),
    Module(
        "payment_apply",
        "bff/payments/services.py",
        (
            T + "payments/test_payment_apply.py",
            T + "payments/test_payments.py",
            T + "payments/test_wechat_pay_accounts.py",
            T + "orders/test_order_state_table.py",
        ),
        ("x_apply_event", "x__expected_charge", "x__not_applied", "x_receive_notification"),
    ),
    # Sessions: tokens, their expiry and renewal, logout.
    Module(
        "sessions",
        "bff/accounts/auth.py",
        (
            T + "accounts/test_session_edges.py",
            T + "accounts/test_sessions.py",
            # How a session began, read by the confirmations that need a fresh WeChat sign-in.
            T + "wechat/test_account_without_password.py",
        ),
        ("x_end_session", "x__claims", "x__number", "x__well_formed", "x__token_session", "x__resolve"),
    ),
)
GOAL = 90.0


def _setup_cfg(module: Module) -> str:
    lines = [
        "# Written by scripts/mutation.py for each run: edit MODULES there, not this file.",
        "[mutmut]",
        "source_paths = bff",
        f"only_mutate = {module.path}",
        "also_copy =",
        "    rules",
        "    db",
        "pytest_add_cli_args_test_selection =",
        *(f"    {t}" for t in module.tests),
        "pytest_add_cli_args =",
        "    -p",
        "    no:cacheprovider",
        "use_git_change_detection = false",
        # mutmut's time limit counts only the tests' own time, not the app and database each run
        # builds first: generous, so that a slow (shared) machine is not read as a hung mutant.
        "timeout_constant = 20",
        "timeout_multiplier = 6",
        "",
        "[tool:pytest]",
        "addopts = -q",
        "pythonpath = .",
        # mutmut hands the test ids it recorded back to pytest: they must stay as written (¥).
        "disable_test_id_escaping_and_forfeit_all_rights_to_community_support = true",
        "",
    ]
    return "\n".join(lines)


def _workdir(module: Module) -> Path:
    """The module's own folder: links to the code, its setup.cfg, and mutmut's mutants/ copy."""
    work = WORK / module.name
    work.mkdir(parents=True, exist_ok=True)
    for name in ("bff", "rules", "db"):
        link = work / name
        if not link.exists():
            link.symlink_to(ROOT / name)
    (work / "setup.cfg").write_text(_setup_cfg(module))
    return work


def _results(module: Module) -> dict[str, str]:
    """mutant name -> status, from mutmut's record of the module."""
    meta = WORK / module.name / "mutants" / (module.path + ".meta")
    if not meta.exists():
        return {}
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    status = {
        1: "killed",
        3: "killed",
        0: "survived",
        5: "no tests",
        33: "no tests",
        36: "timeout",
        None: "not run",
    }
    return {
        name: status.get(code, "timeout" if code in (-24, 24, 152, 255) else f"exit {code}")
        for name, code in codes.items()
        if module.owns(name)
    }


def _meta(module: Module) -> dict:
    path = WORK / module.name / "mutants" / (module.path + ".meta")
    return json.loads(path.read_text()) if path.exists() else {}


def _keep_killed(module: Module, before: dict) -> None:
    """After a --survivors run: mutmut forgets every result when a module's list of tests changed
    (a new test file); a mutant the earlier run killed and not run again keeps its result, as long
    as its function is unchanged (mutmut's hash of it): adding tests cannot let it survive."""
    after = _meta(module)
    if not before or not after:
        return
    old_hashes, new_hashes = before.get("hash_by_function_name", {}), after.get("hash_by_function_name", {})
    codes = after["exit_code_by_key"]
    for name, code in before["exit_code_by_key"].items():
        function = name.rsplit(".", 1)[-1].split("__mutmut_")[0]
        unchanged = function in old_hashes and old_hashes.get(function) == new_hashes.get(function)
        if codes.get(name, 0) is None and code not in (None, 0, 5, 33) and unchanged:
            codes[name] = code
    (WORK / module.name / "mutants" / (module.path + ".meta")).write_text(json.dumps(after, indent=4))


def _run_module(module: Module, workers: int, fresh: bool, survivors: bool = False) -> None:
    print(f"== mutmut: {module.name} ({module.path})", flush=True)
    env = {**os.environ, "PYTHONHASHSEED": "0", "TEST_DATABASE_URL": ""}
    targets = module.patterns()
    if survivors:
        # Only the mutants the last run did not kill (or did not reach), named one by one.
        targets = [n for n, s in sorted(_results(module).items()) if s not in ("killed", "timeout")]
        if not targets:
            print("    nothing left to run", flush=True)
            return
    work = _workdir(module)
    if fresh and (work / "mutants").exists():
        shutil.rmtree(work / "mutants")
    command = ["nice", "-n", "10", str(MUTMUT), "run", "--max-children", str(workers), *targets]
    before = _meta(module) if survivors else {}
    # mutmut draws a spinner on its output: keep its lines, not the frames.
    with subprocess.Popen(
        command, cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    ) as proc:
        for raw in proc.stdout:
            line = raw.decode("utf-8", "replace").rsplit("\r", 1)[-1]
            if line.strip() and not line.lstrip().startswith(SPINNER):
                print(line, end="", flush=True)
    if survivors:
        _keep_killed(module, before)


SPINNER = tuple("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")


def _show(module: Module, mutant: str) -> str:
    res = subprocess.run(
        [str(MUTMUT), "show", mutant], cwd=WORK / module.name, capture_output=True, text=True, check=False
    )
    return res.stdout.strip()


# The comment beside a survivor that cannot change what the code does ("# mutation: equivalent
# because ..."; the older "Equivalent mutant: ..." is read too).
EQUIVALENT = ("mutation: equivalent", "equivalent mutant")


def _explained(module: Module, diff: str) -> bool:
    """Whether the line a mutant changes carries, on it or just above, a comment saying that the
    mutant is equivalent (changes nothing the code can do)."""
    changed = [ln[1:] for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    source = (ROOT / module.path).read_text().splitlines()
    for line in changed:
        for i, original in enumerate(source):
            if original == line and any(
                mark in s.lower() for s in source[max(0, i - 2) : i + 1] for mark in EQUIVALENT
            ):
                return True
    return False


def report(modules: tuple[Module, ...], diffs: bool = True) -> list[tuple]:
    """The table (killed, explained as equivalent, mutants tried, score) and every mutant tried and
    not killed. Mutants a run did not reach (stopped early) are counted apart, not in the score."""
    rows = []
    shown: list[tuple[str, str, str]] = []
    for module in modules:
        results = _results(module)
        if not results:
            continue
        killed = sum(1 for s in results.values() if s in ("killed", "timeout"))
        not_run = sum(1 for s in results.values() if s == "not run")
        explained = 0
        for name, status in sorted(results.items()):
            if status in ("killed", "timeout", "not run"):
                continue
            diff = _show(module, name) if status == "survived" else ""
            if diff and _explained(module, diff):
                explained += 1
                status = "survived, explained as equivalent"
            shown.append((name, status, diff))
        tried = len(results) - not_run
        # The score leaves out the equivalent mutants: no test can tell them from the code.
        score = 100.0 * killed / max(tried - explained, 1)
        rows.append((module.name, module.path, killed, explained, tried, not_run, score))
    print()
    print(f"| module | file | killed | equivalent | tried | not reached | score (goal {GOAL:.0f} %) |")
    print("|---|---|---|---|---|---|---|")
    for name, path, killed, explained, tried, not_run, score in rows:
        print(f"| {name} | `{path}` | {killed} | {explained} | {tried} | {not_run} | {score:.1f} % |")
    if shown:
        print(f"\n{len(shown)} mutant(s) tried and not killed:")
        for name, status, diff in shown:
            print(f"\n-- {name} ({status})")
            if diffs and diff:
                print(diff)
    return rows


def run_stryker() -> int:
    print("== Stryker: frontend/src/common/rules", flush=True)
    return subprocess.run(
        ["nice", "-n", "10", "npx", "stryker", "run", "stryker.config.json"], cwd=ROOT, check=False
    ).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="module names (default: all, and Stryker)")
    parser.add_argument("--report", action="store_true", help="print the last run's table only")
    parser.add_argument("--fresh", action="store_true", help="forget earlier results")
    parser.add_argument(
        "--survivors",
        action="store_true",
        help="run again only the mutants the last run did not kill (after adding tests)",
    )
    parser.add_argument("--no-stryker", action="store_true")
    args = parser.parse_args()
    by_name = {m.name: m for m in MODULES}
    unknown = [n for n in args.modules if n not in by_name and n != "stryker"]
    if unknown:
        parser.error(f"unknown module(s) {unknown}; known: {', '.join(by_name)}, stryker")
    chosen = tuple(by_name[n] for n in args.modules if n in by_name) if args.modules else MODULES
    if args.report:
        report(chosen)
        return 0
    if not MUTMUT.exists():
        sys.exit("mutmut is not installed: make install")
    workers = int(os.environ.get("MUTATION_WORKERS", "1"))
    for module in chosen:
        _run_module(module, workers, args.fresh, args.survivors)
    rows = report(chosen)
    stryker = 0
    if not args.no_stryker and (not args.modules or "stryker" in args.modules):
        stryker = run_stryker()
    below = [row[0] for row in rows if row[-1] < GOAL or row[-2]]
    if below:
        print(f"\nBelow {GOAL:.0f} % or not finished: {', '.join(below)}")
    return 1 if below or stryker else 0


if __name__ == "__main__":
    sys.exit(main())
