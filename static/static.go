// Package static holds the web app's stylesheets and scripts, embedded in
// the binary so that the app works with no network.
package static

import "embed"

// FS holds app.css, index.js and viewer.js at its root.
//
//go:embed *.css *.js
var FS embed.FS
