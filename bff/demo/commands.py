import click
from flask.cli import with_appcontext


@click.command("seed-demo")
@click.option("--products", type=int, default=0, help="Grow the shop to this many products (benchmarks).")
@click.option("--shop", "shop_code", default="nz-zh", show_default=True, help="The shop --products grows.")
@with_appcontext
def seed_demo(products: int, shop_code: str):
    """Load the two demo shops (idempotent); --products N adds generated products up to N."""
    # Imported here, not at the top, so that Pillow and the demo data load only when the
    # command runs, not in every server process (bff/app.py registers this command).
    from bff.demo.seed import seed, seed_catalogue

    seed()
    click.echo("Demo data loaded.")
    if products:
        added = seed_catalogue(shop_code, products)
        click.echo(f"{added} generated products added to {shop_code}.")
