echo formatted
