package screentest

import (
	"time"

	"github.com/toolbench/toolbench/client"
)

// The fake servers of the screen packages' tests and of the root
// package's tests answer with the same data, shaped like
// server-everything's and small enough to read in a golden, so a screen's
// tests and the workbench's goldens cannot drift apart.

// logoPNG is a one-pixel PNG, base64.
const logoPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

// EverythingResources are three static resources, one of them sized.
func EverythingResources() []client.Resource {
	size := int64(21)
	return []client.Resource{
		{URI: "demo://resource/static/document/architecture.md", Name: "architecture.md", MIMEType: "text/markdown"},
		{URI: "demo://resource/static/config.json", Name: "config.json", MIMEType: "application/json", Size: &size},
		{URI: "demo://resource/static/logo.png", Name: "logo.png", MIMEType: "image/png"},
	}
}

// EverythingTemplates are server-everything's text template and one with
// RFC 6570 path and query expressions.
func EverythingTemplates() []client.ResourceTemplate {
	return []client.ResourceTemplate{
		{URITemplate: "demo://resource/dynamic/text/{resourceId}", Name: "Dynamic Text Resource", MIMEType: "text/plain",
			Description: "Plaintext dynamic resource fabricated from the {resourceId} variable"},
		{URITemplate: "demo://users/{user}/files{/path*}{?version}", Name: "user files"},
	}
}

// EverythingContents are what resources/read answers, by URI: the static
// resources and the text template's resource 42.
func EverythingContents() map[string]*client.ReadResult {
	return map[string]*client.ReadResult{
		"demo://resource/static/document/architecture.md": {Contents: []client.ResourceContents{{
			URI: "demo://resource/static/document/architecture.md", MIMEType: "text/markdown",
			Text: "# Architecture\n\nThe server is one process.\n"}}, Duration: 3 * time.Millisecond},
		"demo://resource/static/config.json": {Contents: []client.ResourceContents{{URI: "demo://resource/static/config.json",
			MIMEType: "application/json", Text: `{"debug":true,"level":3}`}}, Duration: 2 * time.Millisecond},
		"demo://resource/static/logo.png": {Contents: []client.ResourceContents{{URI: "demo://resource/static/logo.png",
			MIMEType: "image/png", Blob: logoPNG}}, Duration: 4 * time.Millisecond},
		"demo://resource/dynamic/text/42": {Contents: []client.ResourceContents{{URI: "demo://resource/dynamic/text/42",
			MIMEType: "text/plain", Text: "Resource 42: This is a plaintext resource"}}, Duration: time.Millisecond},
	}
}

// EverythingPrompts are a prompt without arguments, one with a required
// and an optional one, and one whose arguments complete.
func EverythingPrompts() []client.Prompt {
	return []client.Prompt{
		{Name: "simple-prompt", Description: "A prompt with no arguments"},
		{Name: "args-prompt", Title: "Arguments Prompt", Description: "A prompt with arguments", Arguments: []client.PromptArgument{
			{Name: "city", Description: "Name of the city", Required: true},
			{Name: "state", Description: "Name of the state"}}},
		{Name: "completable-prompt", Description: "Department and name with completions", Arguments: []client.PromptArgument{
			{Name: "department", Description: "Choose the department.", Required: true},
			{Name: "name", Description: "Choose a team member", Required: true}}},
	}
}
