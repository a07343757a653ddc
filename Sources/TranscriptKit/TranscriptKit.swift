// The library in one import: every target of the build, from the message model to the preview server.
// A site that needs only part of it (an importer, the model) can import that target alone.
@_exported import TranscriptDisplay
@_exported import TranscriptImport
@_exported import TranscriptJSON
@_exported import TranscriptModel
@_exported import TranscriptRender
@_exported import TranscriptSearch
@_exported import TranscriptServe
@_exported import TranscriptSite
@_exported import TranscriptSupport
@_exported import TranscriptTemplates
@_exported import TranscriptText
