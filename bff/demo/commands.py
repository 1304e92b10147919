import click
from flask.cli import with_appcontext


@click.command("seed-demo")
@with_appcontext
def seed_demo():
    """Load the two demo shops (idempotent)."""
    from bff.demo.seed import seed

    seed()
    click.echo("Demo data loaded.")
