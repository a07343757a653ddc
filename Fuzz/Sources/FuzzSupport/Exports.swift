// The library's build targets (the `TranscriptBuild` product: everything but the preview server), for every
// fuzz target through its `import FuzzSupport`.
@_exported import TranscriptDisplay
@_exported import TranscriptImport
@_exported import TranscriptJSON
@_exported import TranscriptModel
@_exported import TranscriptRender
@_exported import TranscriptSearch
@_exported import TranscriptSite
@_exported import TranscriptSupport
@_exported import TranscriptTemplates
@_exported import TranscriptText
