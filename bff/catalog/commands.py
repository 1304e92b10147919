import click
from flask.cli import with_appcontext

from bff.catalog.search import reindex_products
from bff.extensions import db


@click.command("reindex-search")
@with_appcontext
def reindex_search():
    """Rebuild every product's search document (after the search analysis changed)."""
    count = reindex_products(db.session)
    db.session.commit()
    click.echo(f"Reindexed {count} products.")
