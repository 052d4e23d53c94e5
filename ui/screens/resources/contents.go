package resources

import (
	"encoding/base64"
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
)

// viewOf is a read as the renderer takes it: a blob whose MIME type is
// text/* and whose bytes are UTF-8 is shown as the text it is; any other
// blob by its size. nil stays nil ("(no result)").
func viewOf(res *client.ReadResult) *render.ReadView {
	if res == nil {
		return nil
	}
	v := &render.ReadView{Took: res.Duration, Contents: make([]render.ContentsView, len(res.Contents))}
	for i, c := range res.Contents {
		cv := render.ContentsView{URI: c.URI, MIMEType: c.MIMEType, Text: c.Text}
		if c.Blob != "" {
			if text, ok := textBlob(c); ok {
				cv.Text, cv.FromBlob = text, true
			} else {
				cv.Blob, cv.BlobSize = true, client.DecodedSize(c.Blob)
			}
		}
		v.Contents[i] = cv
	}
	return v
}

// textBlob is a blob's text when its MIME type says text/* (a server
// may send a text file as a blob) and it decodes to UTF-8; ok is false
// otherwise, and the blob is shown by its size.
func textBlob(c client.ResourceContents) (string, bool) {
	mt, _, err := mime.ParseMediaType(c.MIMEType)
	if err != nil || !strings.HasPrefix(mt, "text/") {
		return "", false
	}
	b, err := base64.StdEncoding.DecodeString(c.Blob)
	if err != nil || !utf8.Valid(b) {
		return "", false
	}
	return string(b), true
}
