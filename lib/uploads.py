"""Uploads are refused by their announced size, before their body is read: a request whose
``Content-Length`` passes ``UPLOAD_MAX_BYTES`` (plus a little for the form's other fields)
stops at its first file, without reading the rest, and the form says the limit. The reverse
proxy should refuse such bodies even earlier (README: ``client_max_body_size``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest

# room for the other fields of the form (the CSRF token, the kind of file) and the
# multipart boundaries
FORM_MARGIN = 64 * 1024


def upload_too_large(request: HttpRequest) -> bool:
    """Whether the request's upload was refused for its size."""
    return bool(getattr(request, "upload_too_large", False))


class SizeLimitedUploadHandler(FileUploadHandler):
    """The first upload handler: stops a too large multipart body at its first file."""

    def handle_raw_input(
        self,
        input_data: Any,
        META: dict[str, Any],
        content_length: int,
        boundary: Any,
        encoding: str | None = None,
    ) -> None:
        # a view that takes larger files (an official rating list) says so on the request
        # before it reads the body
        limit = getattr(self.request, "upload_max_bytes", settings.UPLOAD_MAX_BYTES)
        self.too_large = content_length > limit + FORM_MARGIN

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        if self.too_large:
            if self.request is not None:
                self.request.upload_too_large = True  # type: ignore[attr-defined]
            raise StopUpload(connection_reset=True)  # the rest of the body is not read

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None
