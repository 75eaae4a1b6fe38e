// Package static holds the web app's stylesheets and scripts, embedded in
// the binary so that the app works with no network.
package static

import "embed"

//go:generate go -C internal/bundle run . ../..

// FS holds the stylesheet, the favicon and handout.js (the viewer bundled
// for the offline handout, made by go generate) at its root, and the
// scripts, ES modules, under js: lib (what pages share), viewer (the
// viewer's parts), start (the start page's parts) and pages (one per page).
//
//go:embed *.css *.js favicon.svg js
var FS embed.FS
