"""`flask media export|import FILE`: the media store into and out of a backup (README, "Backups")."""

from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from bff.media.archive import UnsafeArchive, export_media, import_media
from bff.media.storage import media_storage

media_cli = AppGroup("media", help="The media store (local files or the S3 bucket) in backups.")


def _where() -> str:
    config = current_app.config
    if config.get("MEDIA_STORAGE", "local") == "s3":
        return f"bucket {config['S3_BUCKET']}/{config.get('S3_PREFIX', '')}"
    return str(config["MEDIA_ROOT"])


@media_cli.command("export")
@click.argument("archive", type=click.Path(dir_okay=False, path_type=Path))
def export(archive: Path):
    """Write every stored file of the configured media store into ARCHIVE (.tar.gz)."""
    tally = export_media(media_storage(), archive)
    # stderr: backup.sh's last line of output is the backup's directory.
    click.echo(f"media: {tally.files} files, {tally.bytes} bytes from {_where()}", err=True)


@media_cli.command("import")
@click.argument("archive", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def import_(archive: Path):
    """Write every file of ARCHIVE (.tar.gz) back into the configured media store."""
    try:
        tally = import_media(media_storage(), archive)
    except UnsafeArchive as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"media: {tally.files} files, {tally.bytes} bytes into {_where()}", err=True)
