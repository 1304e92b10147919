"""The S3-compatible media storage (MEDIA_STORAGE=s3) against a local S3 server (moto's, on a
free loopback port): the owner's uploads land in the bucket, immutable, and the storefront's
picture URLs point at the bucket's public URL, where the bytes are."""

import io
import json
import urllib.request
from decimal import Decimal

import pytest
from PIL import Image

from bff.extensions import db
from bff.media.storage import LocalStorage, S3Storage, media_storage
from bff.tests.fixtures.s3 import s3_client, s3_settings
from bff.tests.helpers import SHOP_A, with_version

BUCKET = "shop-media"


@pytest.fixture(scope="module")
def public_bucket(s3_server):
    client = s3_client(s3_server)
    client.create_bucket(Bucket=BUCKET)
    # Browsers read the pictures anonymously, as from a public bucket or a CDN in front of it.
    statement = {
        "Effect": "Allow",
        "Principal": "*",
        "Action": "s3:GetObject",
        "Resource": f"arn:aws:s3:::{BUCKET}/*",
    }
    client.put_bucket_policy(
        Bucket=BUCKET, Policy=json.dumps({"Version": "2012-10-17", "Statement": [statement]})
    )
    return client


@pytest.fixture
def s3(app, s3_server, public_bucket):
    """The app configured for the bucket, as production would be; put back afterwards."""
    settings = {**s3_settings(s3_server, BUCKET), "MEDIA_URL": f"{s3_server}/{BUCKET}/media/"}
    saved = {key: app.config.get(key) for key in settings}
    app.config.update(settings)
    yield public_bucket
    app.config.update(saved)


def _jpeg(width=800, height=600) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), (200, 120, 40)).save(buf, "JPEG")
    return buf.getvalue()


def test_the_configuration_chooses_the_storage(app, s3):
    assert isinstance(media_storage(), S3Storage)
    app.config["MEDIA_STORAGE"] = "local"
    assert isinstance(media_storage(), LocalStorage)


def test_an_uploaded_picture_lands_in_the_bucket_and_the_storefront_links_there(
    app, client, s3, as_admin, store, make_product
):
    product_id = make_product(store, "Kiwifruit", price=Decimal("9.90"), images=0).id
    res = client.post(
        f"/api/admin/products/{product_id}/images",
        data={"images": [(io.BytesIO(_jpeg()), "kiwi.jpg")]},
        headers=with_version(client, as_admin, f"/api/admin/products/{product_id}"),
        content_type="multipart/form-data",
    )
    assert res.status_code == 201, res.json
    db.session.remove()
    image = client.get(f"/api/product/{product_id}", headers=SHOP_A).json["product"]["images"][0]
    url = image["path"]
    assert url.startswith(app.config["MEDIA_URL"]), url
    key = "media/" + url.removeprefix(app.config["MEDIA_URL"])
    head = s3.head_object(Bucket=BUCKET, Key=key)
    assert head["ContentType"] == "image/jpeg"
    assert head["CacheControl"] == "public, max-age=31536000, immutable"
    # The WebP copies too, and nothing was written to the local media folder.
    for part in image["srcset"].split(", "):
        copy = part.rsplit(" ", 1)[0].removeprefix(app.config["MEDIA_URL"])
        assert s3.head_object(Bucket=BUCKET, Key=f"media/{copy}")["ContentType"] == "image/webp"
    assert not (app.config["MEDIA_ROOT"] / key.removeprefix("media/")).exists()
    # A browser (here urllib) fetches the picture from the store's public URL.
    with urllib.request.urlopen(url) as answer:
        with Image.open(io.BytesIO(answer.read())) as picture:
            assert picture.size == (800, 600)


def test_exists_tells_a_stored_path_from_a_missing_one(app, s3):
    storage = media_storage()
    path = storage.save("brands", "logo.png", b"\x89PNG not really")
    assert storage.exists(path)
    assert not storage.exists("brands/missing.png")
