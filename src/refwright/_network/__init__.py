"""What the page sent over the network: the request log and HAR files."""
