"""Reads that need no transaction.

A guest's catalogue call runs two to four SELECTs and writes nothing. In a transaction, psycopg
sends a BEGIN before the first and SQLAlchemy a ROLLBACK when the request ends: two more round
trips to PostgreSQL than the reads themselves, which under load cost a product call about a third
of its rate (issue 27: 200 -> 295 req/s on two gunicorn workers). Without one, each statement
sees the database as it is when it runs; a product and its pictures read a moment apart is
no worse than the guest reading the page a moment later.

SQLAlchemy's AUTOCOMMIT isolation level is set on this request's connection only, when the
session procures it; the pool sets the connection's own level back when it is returned
(https://docs.sqlalchemy.org/en/20/orm/session_transaction.html#setting-isolation-for-individual-transactions,
"Setting Transaction Isolation Levels / DBAPI Autocommit").
"""

from sqlalchemy.orm import Session


def read_without_transaction(session: Session) -> bool:
    """Make the rest of this request's statements run outside a transaction; only when nothing
    has begun one yet (a shop read afresh, a signed-in shopper's session), so no statement that
    already ran is cut off from those that follow. Returns whether it did."""
    if session.in_transaction():
        return False
    session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
    return True
