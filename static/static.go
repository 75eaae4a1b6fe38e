// Package static holds the web app's stylesheets and scripts, embedded in
// the binary so that the app works with no network.
package static

import "embed"

// FS holds the stylesheet, the scripts and the favicon at its root.
//
//go:embed *.css *.js favicon.svg
var FS embed.FS
