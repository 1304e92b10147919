import click
from flask.cli import with_appcontext


@click.command("seed-demo")
@with_appcontext
def seed_demo():
    """Load the two demo shops (idempotent)."""
    # Imported here, not at the top, so that Pillow and the demo data load only when the
    # command runs, not in every server process (bff/app.py registers this command).
    from bff.demo.seed import seed

    seed()
    click.echo("Demo data loaded.")
