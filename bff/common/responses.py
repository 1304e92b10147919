"""OpenAPI documentation of error answers: a decorator listing a call's error statuses with the one
error shape (common.schemas.ErrorSchema) (`@document_errors(blp, 401, 403, 404)`)."""

from http import HTTPStatus

from bff.common.schemas import ErrorSchema

_DESCRIPTIONS = {
    401: "Not signed in as a user of this shop (a guest, or another shop's token)",
    403: "Signed in, but not this shop's admin",
    404: "No such object in this shop",
    409: "Refused in the object's current state",
    412: "If-Match names an old version: another change was saved first",
    422: "The body or the query is not valid",
    428: "If-Match is required (the ETag of the GET)",
}


def document_errors(blp, *statuses: int):
    def decorate(view):
        for status in statuses:
            description = _DESCRIPTIONS.get(status) or HTTPStatus(status).phrase
            view = blp.alt_response(status, schema=ErrorSchema, description=description)(view)
        return view

    return decorate
