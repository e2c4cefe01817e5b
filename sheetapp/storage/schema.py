"""The JSON Schema of the character file, over every installed system."""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import Field, TypeAdapter

from sheetapp.core.system import SystemRegistry


def file_schema(registry: SystemRegistry) -> dict[str, Any]:
    models = [system.document_model() for system in registry]
    if not models:
        raise LookupError("no game system is installed")
    if len(models) == 1:
        schema: dict[str, Any] = models[0].model_json_schema()
    else:
        union: Any = Annotated[Union[tuple(models)], Field(discriminator="system")]  # noqa: UP007
        schema = TypeAdapter(union).json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "sheetapp character file"
    schema["description"] = (
        "One character of one game system. Totals, derived values and issues are never "
        "stored: sheetapp recomputes them."
    )
    return schema
