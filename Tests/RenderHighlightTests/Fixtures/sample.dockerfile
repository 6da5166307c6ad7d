# Build stage.
FROM swift:6.0 AS build
ENV MODE="release"
RUN swift build -c $MODE
COPY . /app
