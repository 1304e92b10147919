"""/media/<path>: files written by the storage module, served with year-long immutable
caching, and nothing outside the media root."""

import pytest

from bff.media.storage import LocalStorage, media_url

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


@pytest.fixture
def storage(app):
    return LocalStorage(app.config["MEDIA_ROOT"])


def test_a_saved_file_is_served_under_media_with_immutable_caching(client, storage):
    path = storage.save("products", "honey.png", PNG)
    url = media_url(path)
    assert url == f"/media/{path}"
    res = client.get(url)
    assert res.status_code == 200
    assert res.data == PNG
    assert res.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert res.mimetype == "image/png"


def test_saved_names_carry_the_content_hash_so_new_bytes_get_a_new_path(storage):
    first = storage.save("products", "honey.png", PNG)
    second = storage.save("products", "honey.png", PNG + b"changed")
    assert first != second
    assert first.startswith("products/honey.") and first.endswith(".png")
    assert storage.save("products", "honey.png", PNG) == first


def test_media_needs_no_shop_host(client, storage):
    path = storage.save("shop", "logo.png", PNG)
    assert client.get(f"/media/{path}", headers={"X-Site-Host": "unknown.test"}).status_code == 200


def test_a_missing_media_file_is_a_json_404(client):
    res = client.get("/media/products/nothing.png")
    assert res.status_code == 404
    assert res.json["code"] == "not_found"


@pytest.mark.parametrize(
    "path",
    [
        "/media/../secrets/secret_key",
        "/media/../../etc/passwd",
        "/media/%2e%2e/secrets/secret_key",
        "/media/%2E%2E%2Fsecrets%2Fsecret_key",
        "/media/products/../../secrets/secret_key",
        "/media/..%5csecrets%5csecret_key",
        "/media//etc/passwd",
        "/media/%2fetc%2fpasswd",
    ],
)
def test_path_traversal_out_of_the_media_root_is_refused(client, app, storage, path):
    storage.save("products", "honey.png", PNG)
    secret = (app.config["VAR_DIR"] / "secrets" / "secret_key").read_bytes()
    # Doubled slashes are merged by a redirect that stays under /media/; follow it.
    res = client.get(path, follow_redirects=True)
    assert res.request.path.startswith("/media/")
    assert res.status_code in (400, 404), path
    assert secret not in res.data
    assert b"root:" not in res.data


def test_an_image_path_in_product_json_is_fetchable(client, shop, make_product, storage, session):
    from bff.catalog.models import ProductImage

    path = storage.save("products", "jar.png", PNG)
    product = make_product(shop, images=0)
    session.add(ProductImage(shop_id=shop.id, product_id=product.id, path=path))
    session.commit()
    image = client.get(f"/api/product/{product.id}", headers={"X-Site-Host": "shop-a.test"}).json["product"]
    res = client.get(image["images"][0]["path"])
    assert res.status_code == 200 and res.data == PNG


@pytest.mark.parametrize("name", ["honey jar #1?.png", "100% manuka.png", "蜂蜜 礼盒.png", "a&b=c;d.png"])
def test_an_uploaded_file_name_always_gives_a_fetchable_url(client, storage, name):
    url = media_url(storage.save("products", name, PNG))
    assert url.endswith(".png")
    res = client.get(url)
    assert res.status_code == 200, url
    assert res.data == PNG


@pytest.mark.parametrize("name", ["../../evil.png", "/etc/evil.png", "..\\..\\evil.png"])
def test_a_file_name_cannot_place_a_file_outside_its_folder(app, storage, name):
    path = storage.save("products", name, PNG)
    assert path.startswith("products/") and "/" not in path[len("products/") :]
    root = app.config["MEDIA_ROOT"]
    assert (root / path).resolve().is_relative_to(root / "products")
