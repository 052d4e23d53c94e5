package resources

import (
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
)

// viewOf is a read as the renderer takes it: a blob by its size. nil
// stays nil ("(no result)").
func viewOf(res *client.ReadResult) *render.ReadView {
	if res == nil {
		return nil
	}
	v := &render.ReadView{Took: res.Duration, Contents: make([]render.ContentsView, len(res.Contents))}
	for i, c := range res.Contents {
		cv := render.ContentsView{URI: c.URI, MIMEType: c.MIMEType, Text: c.Text}
		if c.Blob != "" {
			cv.Blob, cv.BlobSize = true, client.DecodedSize(c.Blob)
		}
		v.Contents[i] = cv
	}
	return v
}
