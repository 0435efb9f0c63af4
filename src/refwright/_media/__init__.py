"""Media helpers: image diffs and finding an ffmpeg for recordings."""
