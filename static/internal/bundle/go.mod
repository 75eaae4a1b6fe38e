module github.com/searchviz/searchviz/static/internal/bundle

go 1.26.8

require (
	github.com/evanw/esbuild v0.28.2
	github.com/searchviz/searchviz v0.0.0
)

require golang.org/x/sys v0.49.0 // indirect

replace github.com/searchviz/searchviz => ../../..
