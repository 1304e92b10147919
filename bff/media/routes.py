from flask import Blueprint, current_app, send_from_directory

bp = Blueprint("media", __name__)

ONE_YEAR = 365 * 24 * 3600


@bp.get("/media/<path:filename>")
def media_file(filename: str):
    response = send_from_directory(current_app.config["MEDIA_ROOT"], filename, max_age=ONE_YEAR)
    # Names carry a content hash (storage.save), so the bytes never change.
    response.headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
    return response
