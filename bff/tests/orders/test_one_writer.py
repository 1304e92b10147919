"""One writer of an order's state: no module of the BFF but bff/orders/transitions.py writes
`Order.status` (payments, cancels, shipping, the unpaid time-out and the console all take their
steps there, which raise the version, write the history and queue the shopper's mail).

The check reads the source (ast), so it covers code no test happens to run. It finds:
- an UPDATE of `Order` (Core `update(Order)` / `Order.__table__`, ORM `query(Order).update(...)`,
  a bulk `execute(update(Order), [rows])`) that sets `status`: as a keyword, a dict key
  ("status" or `Order.status`), or a `**spread` that is not a module-level dict without it;
- `Order(...)` made with a status, as a keyword or in a dict spread into it (a new order starts
  in the model's default state);
- `x.status = ...`, `x.status += ...` or `setattr(x, "status", ...)` on an order: `x` named like
  one, or bound in its function or module to an expression naming `Order`;
- SQL text that updates `orders` and sets `status`.
`Order` imported under another name counts too. The planted writers below prove each case is
caught, so the check cannot pass by seeing nothing.
"""

import ast
import json
import re
import textwrap
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from bff.accounts.outbox import OutboxMail
from bff.common.models import utcnow
from bff.config import ROOT
from bff.extensions import db
from bff.orders.models import Order, OrderEvent
from bff.payments import signing
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import with_version

BFF = ROOT / "bff"
WRITER = BFF / "orders" / "transitions.py"
RAW_SQL = re.compile(r"\bupdate\s+\"?orders\"?\s[\s\S]*\bset\b[\s\S]*\bstatus\b", re.IGNORECASE)


def _order_names(tree: ast.AST) -> set[str]:
    """The names `Order` goes by in the module."""
    names = {"Order"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names |= {a.asname for a in node.names if a.name == "Order" and a.asname}
    return names


class _Scan:
    def __init__(self, tree: ast.AST):
        self.tree = tree
        self.orders = _order_names(tree)
        self.module_dicts = {
            target.id: node.value
            for node in getattr(tree, "body", [])
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        self.parents: dict[ast.AST, ast.AST] = {}
        for parent in ast.walk(tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent

    # What an expression is ---------------------------------------------------------------

    def is_order(self, node: ast.AST) -> bool:
        """`Order`, `models.Order`, an alias of it, or `Order.__table__`."""
        if isinstance(node, ast.Name):
            return node.id in self.orders
        if isinstance(node, ast.Attribute):
            return node.attr == "Order" or (node.attr == "__table__" and self.is_order(node.value))
        return False

    def names_order(self, node: ast.AST) -> bool:
        return any(self.is_order(n) for n in ast.walk(node))

    def _chain(self, node: ast.AST):
        """The calls and attributes a method chain is made of, outermost first."""
        while isinstance(node, ast.Call | ast.Attribute | ast.Subscript):
            yield node
            node = node.func if isinstance(node, ast.Call) else node.value

    def updates_order(self, node: ast.AST) -> bool:
        """`node` is (a chain on) update(Order) / insert(Order) / query(Order)."""
        for link in self._chain(node):
            if not isinstance(link, ast.Call):
                continue
            func = link.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("update", "insert", "query") and link.args and self.is_order(link.args[0]):
                return True
            if name in ("update", "insert") and isinstance(func, ast.Attribute) and self.is_order(func.value):
                return True  # Order.__table__.update()
        return False

    def sets_status(self, node: ast.AST) -> bool:
        """A values argument that names `status` (or may: an unknown spread or variable)."""
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if key is None:  # {**x}
                    if self.sets_status(value):
                        return True
                elif isinstance(key, ast.Constant) and key.value == "status":
                    return True
                elif isinstance(key, ast.Attribute) and key.attr == "status":
                    return True
            return False
        if isinstance(node, ast.List | ast.Tuple):
            return any(self.sets_status(e) for e in node.elts)
        if isinstance(node, ast.Name) and node.id in self.module_dicts:
            return self.sets_status(self.module_dicts[node.id])
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "dict":
            return any(k.arg in (None, "status") for k in node.keywords) or any(
                self.sets_status(a) for a in node.args
            )
        return True  # not something the reader can see into: it may set the status

    def _call_sets_status(self, call: ast.Call, skip_first: bool = False) -> bool:
        args = call.args[1:] if skip_first else call.args
        return any(
            k.arg == "status" or (k.arg is None and self.sets_status(k.value)) for k in call.keywords
        ) or (any(self.sets_status(a) for a in args))

    def _makes_with_status(self, call: ast.Call) -> bool:
        """`Order(status=...)`, or a spread of a dict seen to hold it (the recipient's fields
        spread into a new order are not guessed at: a new row is not a change of state)."""
        return any(
            k.arg == "status"
            or (k.arg is None and isinstance(k.value, ast.Dict | ast.Name) and self._holds_status(k.value))
            for k in call.keywords
        )

    def _holds_status(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Name):
            node = self.module_dicts.get(node.id)
        return isinstance(node, ast.Dict) and self.sets_status(node)

    def is_order_object(self, node: ast.AST) -> bool:
        """`node` (the object of `.status = `) is an order: named like one or bound from `Order`."""
        if "order" in ast.unparse(node).lower():
            return True
        if not isinstance(node, ast.Name):
            return False
        scope = self.parents.get(node)
        while scope is not None and not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
            scope = self.parents.get(scope)
        for where in (scope, self.tree):
            if where is None:
                continue
            for n in ast.walk(where):
                if isinstance(n, ast.Assign | ast.AnnAssign | ast.NamedExpr):
                    targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                    bound = any(isinstance(t, ast.Name) and t.id == node.id for t in targets)
                    hint = [n.value] + ([n.annotation] if isinstance(n, ast.AnnAssign) else [])
                    if bound and any(h is not None and self.names_order(h) for h in hint):
                        return True
                elif isinstance(n, ast.For | ast.comprehension):
                    if any(isinstance(t, ast.Name) and t.id == node.id for t in ast.walk(n.target)):
                        if self.names_order(n.iter):
                            return True
                elif isinstance(n, ast.arg) and n.arg == node.id and n.annotation is not None:
                    if self.names_order(n.annotation):
                        return True
        return False

    # The writes --------------------------------------------------------------------------

    def writes(self) -> list[tuple[int, str]]:
        found = []
        for node in ast.walk(self.tree):
            line = getattr(node, "lineno", 0)
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in (t for tt in targets for t in ast.walk(tt)):
                    if isinstance(target, ast.Attribute) and target.attr == "status":
                        if self.is_order_object(target.value):
                            found.append((line, f"assigns {ast.unparse(target)}"))
            elif isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name == "setattr" and len(node.args) >= 2 and self.is_order_object(node.args[0]):
                    if isinstance(node.args[1], ast.Constant) and node.args[1].value == "status":
                        found.append((line, "setattr(..., 'status')"))
                elif self.is_order(func) and self._makes_with_status(node):
                    found.append((line, "creates an Order with a status"))
                elif isinstance(func, ast.Attribute) and name in ("values", "ordered_values", "update"):
                    if self.updates_order(func.value) and self._call_sets_status(node):
                        found.append((line, f".{name}(...) of an UPDATE of Order sets the status"))
                elif name == "execute" and len(node.args) >= 2 and self.updates_order(node.args[0]):
                    if self._call_sets_status(node, skip_first=True):
                        found.append((line, "bulk UPDATE of orders with a status"))
            elif (
                isinstance(node, ast.Constant) and isinstance(node.value, str) and RAW_SQL.search(node.value)
            ):
                found.append((line, "SQL text updating orders.status"))
        return found


def status_writes(source: str) -> list[tuple[int, str]]:
    return _Scan(ast.parse(source)).writes()


def _modules():
    for path in sorted(BFF.rglob("*.py")):
        if "tests" not in path.relative_to(BFF).parts:
            yield path


def test_only_transitions_writes_an_orders_status():
    others = {
        str(path.relative_to(ROOT)): writes
        for path in _modules()
        if path != WRITER and (writes := status_writes(path.read_text()))
    }
    assert others == {}, "Order.status must change only through bff/orders/transitions.py"


def test_the_check_sees_the_one_writer():
    # Not vacuous on the real tree: the single UPDATE in transitions is found.
    writes = status_writes(WRITER.read_text())
    assert [what for _, what in writes] == [".values(...) of an UPDATE of Order sets the status"]
    assert len(list(_modules())) > 100


PLANTED = {
    "the old payment write": """
        def pay(session, order_id, now):
            session.execute(
                update(Order)
                .where(Order.id == order_id, Order.status.in_(OPEN_STATUSES))
                .values(status=OrderStatus.PAID, paid_at=now, version=Order.version + 1)
                .execution_options(synchronize_session=False)
            )
    """,
    "an attribute on an order": """
        def cancel(order):
            order.status = OrderStatus.CANCELLED
    """,
    "an attribute on an order named otherwise": """
        def cancel(session, order_id):
            o = session.get(Order, order_id)
            o.status = "cancelled"
    """,
    "an annotated parameter": """
        def cancel(x: Order):
            x.status = "cancelled"
    """,
    "a loop over orders": """
        def cancel(session):
            for x in session.scalars(select(Order)):
                x.status = "cancelled"
    """,
    "an attribute deep in an object": """
        def cancel(detail):
            detail.order.status = "cancelled"
    """,
    "setattr": """
        def cancel(order):
            setattr(order, "status", "cancelled")
    """,
    "a bulk update": """
        def cancel(session):
            session.execute(update(Order), [{"id": 1, "status": "cancelled"}])
    """,
    "an ORM query update": """
        def cancel(session):
            session.query(Order).filter_by(id=1).update({"status": "cancelled"})
    """,
    "an ORM query update by column": """
        def cancel(session):
            session.query(Order).filter(Order.id == 1).update({Order.status: "cancelled"})
    """,
    "SQL text": """
        def cancel(session):
            session.execute(text("UPDATE orders SET paid_at = NULL, status = 'cancelled' WHERE id = 1"))
    """,
    "a module-level dict spread": """
        CHANGES = {"status": "cancelled", "note": ""}
        def cancel(session):
            session.execute(update(Order).values(**CHANGES))
    """,
    "a spread the reader cannot see into": """
        def cancel(session, changes):
            session.execute(update(Order).values(**changes))
    """,
    "the table": """
        def cancel(session):
            session.execute(Order.__table__.update().values(status="cancelled"))
    """,
    "an alias": """
        from bff.orders.models import Order as Purchase
        def cancel(session):
            session.execute(update(Purchase).where(Purchase.id == 1).values(status="cancelled"))
    """,
    "a new order in a state": """
        def place(session):
            session.add(Order(shop_id=1, status="paid"))
    """,
}


def test_every_planted_writer_is_caught():
    missed = [name for name, source in PLANTED.items() if not status_writes(textwrap.dedent(source))]
    assert missed == []


def test_a_writer_planted_in_a_real_module_is_caught():
    path = BFF / "payments" / "services.py"
    planted = path.read_text() + textwrap.dedent(PLANTED["the old payment write"])
    assert status_writes(path.read_text()) == []
    assert [what for _, what in status_writes(planted)] == [
        ".values(...) of an UPDATE of Order sets the status"
    ]


def test_other_writes_are_not_mistaken_for_status_writes():
    source = textwrap.dedent(
        """
        ANONYMISED = {"shipping_name": "", "sender_name": ""}
        def fine(session, now):
            session.execute(update(Order).values(**ANONYMISED, updated_at=now))
            session.execute(update(Order).values(version=Order.version + 1))
            session.execute(update(Refund).values(status="done"))
            attempt = PaymentAttempt(reference="x")
            attempt.status = "open"
            session.execute(text("UPDATE refunds SET status = 'x'"))
        """
    )
    assert status_writes(source) == []


# Every way an order's state changes, run: each raises the version by one, writes one history
# row of its action and queues its shopper's mail, in the one transaction of the step.


def _snapshot(order_id: int) -> tuple[str, int, list[str], list[str]]:
    db.session.expire_all()
    order = db.session.get(Order, order_id)
    events = db.session.scalars(
        select(OrderEvent.action).where(OrderEvent.order_id == order_id).order_by(OrderEvent.id)
    )
    mails = db.session.scalars(
        select(OutboxMail.kind).where(OutboxMail.order_id == order_id).order_by(OutboxMail.id)
    )
    return order.status, order.version, list(events), list(mails)


def _age(order: dict) -> None:
    db.session.execute(
        update(Order).where(Order.id == order["id"]).values(created_at=utcnow() - timedelta(days=9))
    )
    db.session.commit()


STEPS = {
    # name: (state to start from, how, state after, action, mail kind)
    "shopper cancels": ("unpaid", "shopper_cancel", "cancelled", "cancel", "order_cancelled"),
    "unpaid time-out": ("unpaid", "release", "cancelled", "release", "order_cancelled"),
    "provider pays": ("unpaid", "provider_paid", "paid", "mark_paid", "order_paid"),
    "provider fails": ("unpaid", "provider_failed", "payment_failed", "payment_failed", None),
    "command line ships": ("paid", "cli_ship", "completed", "ship", "order_shipped"),
    "console marks paid": ("unpaid", "console_mark_paid", "paid", "mark_paid", "order_paid"),
    "console ships": ("paid", "console_ship", "completed", "ship", "order_shipped"),
    "console cancels": ("paid", "console_cancel", "cancelled", "cancel", "order_cancelled"),
    "console refunds": ("paid", "console_refund", "paid", "refund", "order_refunded"),
}


@pytest.mark.parametrize("step", list(STEPS))
def test_every_step_raises_the_version_writes_history_and_queues_its_mail(
    step, app, client, as_member, as_admin, place_order, put_in_state
):
    start, how, after, action, mail = STEPS[step]
    order = place_order()
    if start != "unpaid":
        put_in_state(order, start)
    status, version, events, mails = _snapshot(order["id"])
    assert status == start

    if how == "shopper_cancel":
        res = client.post(f"/api/orders/delete/{order['id']}", headers=as_member)
    elif how == "release":
        _age(order)
        res = app.test_cli_runner().invoke(args=["release-unpaid-orders"])
    elif how in ("provider_paid", "provider_failed"):
        outcome = "paid" if how == "provider_paid" else "failed"
        body = json.dumps(
            {
                "transaction_id": "t-1",
                "order_number": order["order_number"],
                "amount": "100.00",
                "outcome": outcome,
            }
        ).encode()
        headers = {
            "X-Site-Host": "shop-a.test",
            "X-Sandbox-Signature": signing.sign(app.config["PAYMENT_SANDBOX_SECRET"], body),
            "Content-Type": "application/json",
        }
        res = client.post("/api/payment/notify/sandbox", data=body, headers=headers)
    elif how == "cli_ship":
        number = order["order_number"]
        res = app.test_cli_runner().invoke(
            args=["ship-order", number, "--company", "NZ Post", "--tracking", "T1"]
        )
    elif how == "console_mark_paid":
        res = client.post(
            admin_url(order, "mark-paid"),
            headers=with_version(client, as_admin, admin_url(order)),
            json={"amount": "100.00", "reference": "r"},
        )
    elif how == "console_ship":
        body = {"shipping_company": "NZ Post", "tracking_number": "T1"}
        res = client.post(
            admin_url(order, "ship"), headers=with_version(client, as_admin, admin_url(order)), json=body
        )
    elif how == "console_cancel":
        # A paid order keeps its money only with the owner's reason (else cancel-and-refund).
        body = {"reason": "x", "keep_reason": "refunded by bank transfer"}
        res = client.post(
            admin_url(order, "cancel"), headers=with_version(client, as_admin, admin_url(order)), json=body
        )
    else:
        res = client.post(
            admin_url(order, "refunds"),
            headers=with_version(client, as_admin, admin_url(order)),
            json={"amount": "10", "reason": "x"},
        )
    ok = res.exit_code == 0 if hasattr(res, "exit_code") else res.status_code == 200
    assert ok, getattr(res, "output", None) or res.get_json()

    status_after, version_after, events_after, mails_after = _snapshot(order["id"])
    assert (status_after, version_after) == (after, version + 1)
    assert events_after == [*events, action]
    assert mails_after == [*mails, *([mail] if mail else [])]
